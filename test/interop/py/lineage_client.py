"""DataHub's SDK lineage client against our server: writes lineage the SDK's way (add_lineage, a patch
of upstreamLineage; a data job's dataJobInputOutput and column lineage emitted whole), then reads it
back with DataHubClient.lineage.get_lineage (scrollAcrossLineage). Prints JSON:
{query name: [[urn, type, hops, [column paths]] …]}. Arguments: upstream, middle and downstream
dataset urns (the middle and downstream ones with a user_name column)."""
import json
import os
import sys

import datahub.metadata.schema_classes as models
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.sdk import DataHubClient

upstream, middle, downstream = sys.argv[1:4]
job = "urn:li:dataJob:(urn:li:dataFlow:(airflow,lineage_interop,prod),load)"
client = DataHubClient(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN"))

# upstream → middle, through DatasetPatchBuilder.
client.lineage.add_lineage(upstream=upstream, downstream=middle)
# middle → job → downstream, and the column downstream.user_name ← middle.user_name, as an ingestion source emits them.
column = lambda dataset: f"urn:li:schemaField:({dataset},user_name)"
client._graph.emit_mcps([
    MetadataChangeProposalWrapper(entityUrn=downstream, aspect=models.UpstreamLineageClass(upstreams=[], fineGrainedLineages=[
        models.FineGrainedLineageClass(upstreamType="FIELD_SET", upstreams=[column(middle)], downstreamType="FIELD", downstreams=[column(downstream)])])),
    MetadataChangeProposalWrapper(entityUrn=job, aspect=models.DataJobInfoClass(name="load", type="BATCH")),
    MetadataChangeProposalWrapper(entityUrn=job, aspect=models.DataJobInputOutputClass(
        inputDatasets=[], outputDatasets=[downstream], inputDatasetEdges=[models.EdgeClass(destinationUrn=middle)])),
])


def rows(results):
    return [[r.urn, r.type, r.hops, [p.urn for p in (r.paths or [])]] for r in sorted(results, key=lambda r: (r.hops, r.urn))]


print(json.dumps({
    "up1": rows(client.lineage.get_lineage(source_urn=downstream, direction="upstream", max_hops=1)),
    "up3": rows(client.lineage.get_lineage(source_urn=downstream, direction="upstream", max_hops=3)),
    "down2": rows(client.lineage.get_lineage(source_urn=upstream, direction="downstream", max_hops=2)),
    "column": rows(client.lineage.get_lineage(source_urn=downstream, source_column="user_name", direction="upstream", max_hops=1)),
}))
