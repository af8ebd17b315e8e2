"""Ingestion sources, roles and invite tokens through DataHubGraph: runs one step named by the first
argument and prints its result as JSON.

  source URN             the source as the UI reads it (ingestionSource), with its executions
  execute URN            createIngestionExecutionRequest: the error Catalog answers with
  delete URN             deleteIngestionSource
  invite-and-assign USER ROLE
                         DataHubGraph._get_invite_token() and _assign_role_to_user(USER, ROLE), the
                         calls create_native_user makes around its sign-up; then the user's roles
"""
import json
import os
import sys

from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from datahub.configuration.common import GraphError

graph = DataHubGraph(DatahubClientConfig(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN")))
step, *args = sys.argv[1:]

if step == "source":
    res = graph.execute_graphql(
        """query s($urn: String!) { ingestionSource(urn: $urn) {
             urn name type schedule { interval timezone } config { executorId recipe }
             executions { total executionRequests { id result { status } } } } }""",
        variables={"urn": args[0]},
    )
    source = res["ingestionSource"]
    source["config"]["recipe"] = json.loads(source["config"]["recipe"])
    print(json.dumps(source))
elif step == "execute":
    try:
        graph.execute_graphql(
            "mutation e($urn: String!) { createIngestionExecutionRequest(input: { ingestionSourceUrn: $urn }) }",
            variables={"urn": args[0]},
        )
        print(json.dumps({"error": None}))
    except GraphError as e:
        print(json.dumps({"error": str(e)}))
elif step == "delete":
    res = graph.execute_graphql("mutation d($urn: String!) { deleteIngestionSource(urn: $urn) }", variables={"urn": args[0]})
    print(json.dumps(res))
elif step == "invite-and-assign":
    user, role = args
    token = graph._get_invite_token()
    again = graph._get_invite_token()
    graph._assign_role_to_user(user, role)
    roles = graph.execute_graphql(
        """query r($urn: String!) { corpUser(urn: $urn) {
             relationships(input: { types: ["IsMemberOfRole"], direction: OUTGOING }) { relationships { entity { urn } } } } }""",
        variables={"urn": user},
    )
    print(json.dumps({
        "tokenLength": len(token),
        "sameToken": token == again,
        "roles": [r["entity"]["urn"] for r in roles["corpUser"]["relationships"]["relationships"]],
    }))
else:
    sys.exit(f"unknown step {step}")
