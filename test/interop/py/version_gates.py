"""What DataHub's client turns on against catalog serve's /config (utilities/server_config_util.py):
each supports_feature gate, the status-as-PATCH gate of ingestion's AutoStatusAspectProcessor, and
whether the server's version reads as compatible with this client. Then the path the assertionNote
gate opens for the dbt source: an INGESTION-mode client writes an assertionNote (Rest.li) and reads it
back as dbt does, with get_entities (OpenAPI v3 batchGet) and its system metadata."""
import json

from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.ingestion.graph.client import get_default_graph
from datahub.ingestion.graph.config import ClientMode
from datahub.ingestion.workunit_processors.auto_status_aspect import _gms_supports_status_patch
from datahub.metadata.schema_classes import AssertionNoteClass, AuditStampClass
from datahub.utilities.server_config_util import ServiceFeature, set_gms_config

graph = get_default_graph(ClientMode.INGESTION)
config = graph.server_config
set_gms_config(config)

urn = "urn:li:assertion:dbt-test-orders-not-null"
graph.emit_mcp(MetadataChangeProposalWrapper(
    entityUrn=urn,
    aspect=AssertionNoteClass(content="order ids are never null", lastModified=AuditStampClass(time=1, actor="urn:li:corpuser:jdoe")),
))
read = graph.get_entities(entity_name="assertion", urns=[urn], aspects=["assertionNote"], with_system_metadata=True)
note, system_metadata = read[urn]["assertionNote"]
# The single-aspect Rest.li read names the aspect by its schema, which the client checks.
direct = graph.get_aspect(urn, AssertionNoteClass)

print(json.dumps({
    "version": config.service_version,
    "features": {f.value: config.supports_feature(f) for f in ServiceFeature},
    "statusPatch": _gms_supports_status_patch(),
    "assertionNote": note.content,
    "assertionNoteClient": system_metadata.properties.get("clientId"),
    "assertionNoteDirect": direct.content if direct else None,
}))
