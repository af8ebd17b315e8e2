"""Drives DataHub's own clients through the incident workflow against the server in DATAHUB_GMS_URL:
the SDK examples incident_create.py (an IncidentInfoClass emitted over REST) and
incident_update_status.py (DataHubGraph.get_aspect(urn, IncidentInfoClass), change the status,
priority and assignees, emit it back), the Incidents API tutorial's GraphQL (raiseIncident, the
dataset's incidents, updateIncidentStatus) through DataHubGraph.execute_graphql, and
mcp-server-datahub's get_entities tool and sub-entity resolver on an incident.

argv[1]: the dataset urn. Prints one JSON object with what each call returned."""
import json
import os
import sys
import uuid

import datahub.emitter.mce_builder as builder
import datahub.metadata.schema_classes as models
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import DatahubRestEmitter
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from datahub.metadata.urns import IncidentUrn
from datahub.sdk import DataHubClient
from mcp_server_datahub.graphql_helpers import with_datahub_client
from mcp_server_datahub.sub_entity_urls import SubEntityResolver
from mcp_server_datahub.tools.entities import get_entities

dataset = sys.argv[1]
server = os.environ["DATAHUB_GMS_URL"]
emitter = DatahubRestEmitter(gms_server=server, token=os.getenv("DATAHUB_GMS_TOKEN") or None)
graph = DataHubGraph(DatahubClientConfig(server=server))

# incident_create.py, on our dataset.
incident_urn = IncidentUrn(str(uuid.uuid4()))
audit_stamp = models.AuditStampClass(time=int(builder.get_sys_time() * 1000), actor=builder.make_user_urn("datahub"))
emitter.emit(MetadataChangeProposalWrapper(
    entityUrn=str(incident_urn),
    aspect=models.IncidentInfoClass(
        type=models.IncidentTypeClass.FRESHNESS,
        title="Sales data not updated in 48 hours",
        description="The table has not been refreshed since 2023-10-15.",
        entities=[dataset],
        status=models.IncidentStatusClass(
            state=models.IncidentStateClass.ACTIVE,
            stage=models.IncidentStageClass.TRIAGE,
            message="Investigating potential pipeline failure",
            lastUpdated=audit_stamp,
        ),
        priority=0,
        source=models.IncidentSourceClass(type=models.IncidentSourceTypeClass.MANUAL),
        created=audit_stamp,
    ),
))

# incident_update_status.py: read the aspect as DataHub's typed class, change it, emit it back.
current = graph.get_aspect(entity_urn=str(incident_urn), aspect_type=models.IncidentInfoClass)
created_read = current.to_obj() if current else None
update_stamp = models.AuditStampClass(time=int(builder.get_sys_time() * 1000), actor=builder.make_user_urn("jdoe"))
current.status = models.IncidentStatusClass(
    state=models.IncidentStateClass.ACTIVE,
    stage=models.IncidentStageClass.WORK_IN_PROGRESS,
    message="Pipeline has been restarted. Monitoring for successful completion.",
    lastUpdated=update_stamp,
)
current.priority = 1
current.assignees = [
    models.IncidentAssigneeClass(actor=builder.make_user_urn("jdoe"), assignedAt=update_stamp),
    models.IncidentAssigneeClass(actor=builder.make_user_urn("asmith"), assignedAt=update_stamp),
]
emitter.emit(MetadataChangeProposalWrapper(entityUrn=str(incident_urn), aspect=current))
updated = graph.get_aspect(entity_urn=str(incident_urn), aspect_type=models.IncidentInfoClass)

# The Incidents API tutorial, through the client's GraphQL.
raised = graph.execute_graphql(
    "mutation raiseIncident($input: RaiseIncidentInput!) { raiseIncident(input: $input) }",
    variables={"input": {
        "resourceUrn": dataset,
        "type": "OPERATIONAL",
        "title": "Data is Delayed",
        "description": "Data is delayed on May 15, 2024 because of downtime in the Spark Cluster.",
        "priority": "HIGH",
    }},
)["raiseIncident"]
listing_doc = """query getAssetIncidents($urn: String!, $state: IncidentState) {
  dataset(urn: $urn) {
    incidents(state: $state, start: 0, count: 20) {
      start count total
      incidents { urn incidentType title description priority status { state stage message lastUpdated { time actor } } }
    }
  }
}"""
active_before = graph.execute_graphql(listing_doc, variables={"urn": dataset, "state": "ACTIVE"})["dataset"]["incidents"]
resolved = graph.execute_graphql(
    "mutation updateIncidentStatus($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }",
    variables={"urn": raised, "input": {"state": "RESOLVED", "message": "The delayed data issue was resolved at 4:55pm on May 15."}},
)["updateIncidentStatus"]
active_after = graph.execute_graphql(listing_doc, variables={"urn": dataset, "state": "ACTIVE"})["dataset"]["incidents"]
resolved_list = graph.execute_graphql(listing_doc, variables={"urn": dataset, "state": "RESOLVED"})["dataset"]["incidents"]
raised_read = graph.get_aspect(entity_urn=raised, aspect_type=models.IncidentInfoClass)

try:
    graph.execute_graphql(
        "mutation updateIncidentStatus($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }",
        variables={"urn": "urn:li:incident:missing", "input": {"state": "RESOLVED"}},
    )
    missing_error = None
except Exception as e:  # the client raises GraphError with the server's message
    missing_error = str(e)

# DataHub's agent tools: get_entities on the incident, and the asset it belongs to.
client = DataHubClient(server=server, token=os.environ.get("DATAHUB_GMS_TOKEN") or None)
with with_datahub_client(client):
    tool_entity = get_entities(str(incident_urn))
parent = SubEntityResolver(graph).resolve_parent_urn(str(incident_urn))

print(json.dumps({
    "created": str(incident_urn),
    "createdRead": created_read,
    "updated": updated.to_obj() if updated else None,
    "raised": raised,
    "activeBefore": active_before,
    "resolved": resolved,
    "activeAfter": active_after,
    "resolvedList": resolved_list,
    "raisedRead": raised_read.to_obj() if raised_read else None,
    "missingError": missing_error,
    "toolEntity": tool_entity,
    "parent": parent,
}))
