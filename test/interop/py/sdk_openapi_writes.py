"""DataHub's SDK in client mode SDK (DataHubClient.from_env(), as DataHub's docs and mcp-server-datahub
build it) writing to catalog serve. Against a server advertising >= 1.0.1 the SDK writes through
OpenAPI v3 (docs/datahub/rest-cli.md §5.3), not Rest.li: this script checks that it chose OpenAPI, then
upserts a dataset with EmitMode.ASYNC_WAIT (so the SDK polls the trace API until the write is
confirmed), adds and removes a tag, an owner and a custom property with the patch builders (ASYNC_WAIT
too), sets a description with SYNC_WAIT, and deletes a second dataset with a DELETE proposal. It
prints which HTTP calls the SDK made and the trace status of the last write. Argument: a name suffix."""
import json
import sys
import warnings

from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import EmitMode
from datahub.errors import APITracingWarning
from datahub.metadata.schema_classes import (
    ChangeTypeClass,
    EditableDatasetPropertiesClass,
    OwnerClass,
    OwnershipTypeClass,
    StatusClass,
    TagAssociationClass,
)
from datahub.sdk import DataHubClient, Dataset
from datahub.specific.dataset import DatasetPatchBuilder

# A missing traceparent would only warn: make it fail, so the trace handling is really exercised.
warnings.simplefilter("error", APITracingWarning)

suffix = sys.argv[1]
client = DataHubClient.from_env()
graph = client._graph
graph.test_connection()

calls = []
emit_generic = graph._emit_generic


def recording_emit_generic(url, payload, method="POST"):
    calls.append([method.upper(), url[len(graph._gms_server):].split("?")[0]])
    return emit_generic(url, payload, method)


graph._emit_generic = recording_emit_generic

dataset = Dataset(
    platform="postgres",
    name=f"sdk_openapi.orders_{suffix}",
    description="Orders placed through the SDK",
    custom_properties={"team": "sales"},
    tags=["urn:li:tag:sdk"],
    owners=["urn:li:corpuser:jdoe"],
)
urn = str(dataset.urn)
client.entities.upsert(dataset, emit_mode=EmitMode.ASYNC_WAIT)

add = (
    DatasetPatchBuilder(urn)
    .add_tag(TagAssociationClass("urn:li:tag:patched"))
    .add_owner(OwnerClass("urn:li:corpuser:patcher", OwnershipTypeClass.TECHNICAL_OWNER))
    .add_custom_property("tier", "gold")
)
graph.emit_mcps(add.build(), emit_mode=EmitMode.ASYNC_WAIT)
remove = DatasetPatchBuilder(urn).remove_tag("urn:li:tag:sdk").remove_custom_property("team")
graph.emit_mcps(remove.build(), emit_mode=EmitMode.ASYNC_WAIT)

traces = graph.emit_mcps(
    [MetadataChangeProposalWrapper(entityUrn=urn, aspect=EditableDatasetPropertiesClass(description="edited through OpenAPI"))],
    emit_mode=EmitMode.SYNC_WAIT,
)

doomed = Dataset(platform="postgres", name=f"sdk_openapi.doomed_{suffix}")
client.entities.upsert(doomed)
graph.emit_mcp(
    MetadataChangeProposalWrapper(entityUrn=str(doomed.urn), aspect=doomed.urn.to_key_aspect(), changeType=ChangeTypeClass.DELETE)
)
graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=StatusClass(removed=False)), emit_mode=EmitMode.ASYNC_WAIT)

print(json.dumps({
    "openapi": graph._openapi_ingestion,
    "urn": urn,
    "doomed": str(doomed.urn),
    "doomedExists": graph.exists(str(doomed.urn)),
    "calls": calls,
    "trace": graph.get_trace_status(traces[0]) if traces else None,
}))
