"""Secrets and connections through DataHub's own client code: the iceberg CLI's create_iceberg_secrets
and update_iceberg_secrets (its createSecret/updateSecret documents), DataHubSecretsClient.get_secret_values,
DataHubGraph.hard_delete_entity on a secret (as `datahub iceberg delete` does), and
DataHubGraph.set_connection_json / get_connection_json. Prints what each returned, as JSON."""
import json
import os
import sys
import types

# The iceberg CLI imports boto3/botocore at module level for its storage checks, which these two
# functions never call; stand-ins let the module load without installing the AWS SDK.
for missing in ("boto3", "botocore"):
    sys.modules.setdefault(missing, types.ModuleType(missing))

from datahub.cli.iceberg_cli import create_iceberg_secrets, update_iceberg_secrets  # noqa: E402
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig  # noqa: E402
from datahub.secret.datahub_secrets_client import DataHubSecretsClient  # noqa: E402

graph = DataHubGraph(DatahubClientConfig(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN")))
secrets = DataHubSecretsClient(graph)
names = ["wh-client_id", "wh-client_secret", "", "not-a-secret"]

created = create_iceberg_secrets(graph, "wh", "id-1", "secret-1")
after_create = secrets.get_secret_values(names)
try:
    create_iceberg_secrets(graph, "wh", "id-again", "secret-again")
    duplicate_exit = None
except SystemExit as e:  # the CLI reports the server's error and exits 1
    duplicate_exit = e.code
updated = update_iceberg_secrets(graph, "wh", "id-2", "secret-2")
after_update = secrets.get_secret_values(names)
graph.hard_delete_entity("urn:li:dataHubSecret:wh-client_id")
after_delete = secrets.get_secret_values(names)

connection = "urn:li:dataHubConnection:wh-conn"
graph.set_connection_json(connection, platform_urn="urn:li:dataPlatform:snowflake", config={"account": "acme", "password": "conn-pw"}, name="Warehouse")
read_back = graph.get_connection_json(connection)
graph.set_connection_json(connection, platform_urn="urn:li:dataPlatform:snowflake", config={"account": "acme2"})
replaced = graph.get_connection_json(connection)
missing = graph.get_connection_json("urn:li:dataHubConnection:nope")

print(json.dumps({
    "created": list(created),
    "afterCreate": after_create,
    "duplicateExit": duplicate_exit,
    "updated": list(updated),
    "afterUpdate": after_update,
    "afterDelete": after_delete,
    "connection": read_back,
    "replaced": replaced,
    "missing": missing,
}))
