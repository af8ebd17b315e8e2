"""The patch builders of DataHub's SDK on the keyed lists of the lineage aspects, against catalog serve
(issue 36, docs/datahub/patch-templates.md). Each row of the table is one entity: optionally a whole
aspect written first (UPSERT, as an ingestion source would), then what one builder emits (changeType
PATCH), all sent in this one process. Prints JSON {row: [urn, aspectName, error or null]} for the test to read the
stored aspects back and compare them with the values DataHub's templates produce."""
import json
import os
import warnings

import datahub.metadata.schema_classes as models
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import DatahubRestEmitter
from datahub.specific.chart import ChartPatchBuilder
from datahub.specific.dashboard import DashboardPatchBuilder
from datahub.specific.datajob import DataJobPatchBuilder
from datahub.specific.dataproduct import DataProductPatchBuilder
from datahub.specific.dataset import DatasetPatchBuilder
from datahub.specific.structured_property import StructuredPropertyPatchBuilder

warnings.simplefilter("ignore")
emitter = DatahubRestEmitter(os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN"))


def ds(name):
    return f"urn:li:dataset:(urn:li:dataPlatform:hive,pt.{name},PROD)"


def col(name, path):
    return f"urn:li:schemaField:({ds(name)},{path})"


def job(name):
    return f"urn:li:dataJob:(urn:li:dataFlow:(airflow,pt_flow,prod),{name})"


def fgl(ups, down, op=None, score=1.0, query=None, up_type="FIELD_SET", down_type="FIELD"):
    return models.FineGrainedLineageClass(
        upstreamType=up_type, upstreams=ups, downstreamType=down_type, downstreams=down,
        transformOperation=op, confidenceScore=score, query=query)


STAMP = models.AuditStampClass(time=0, actor="urn:li:corpuser:unknown")
rows = {}


def row(name, builder, aspect, before=None, then=None):
    """Emits `before` (an aspect value, UPSERT), the builder's MCPs, then `then`'s (a second builder
    of the same entity); records the row."""
    error = None
    try:
        if before is not None:
            emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=builder.urn, aspect=before))
        for b in [builder] + ([then] if then else []):
            for mcp in b.build():
                emitter.emit_mcp(mcp)
    except Exception as e:  # a refused write fails its row only
        error = str(e)[:500]
    rows[name] = [builder.urn, aspect, error]


# dataJobInputOutput: every keyed list at once, on a job with no aspect yet.
b = DataJobPatchBuilder(job("all_lists"))
b.add_input_dataset(ds("a"))
b.add_output_dataset(ds("b"))
b.add_input_datajob(job("upstream"))
b.add_input_dataset_field(col("a", "x"))
b.add_input_dataset_field(col("a", "y"))
b.add_output_dataset_field(col("b", "z"))
b.add_fine_grained_lineage(fgl([col("a", "x"), col("a", "y")], [col("b", "z")], op="SUM", score=0.7))
b.add_fine_grained_lineage(fgl([col("a", "id")], [col("b", "id")], query="urn:li:query:pt_q"))
row("job: add every list", b, "dataJobInputOutput")

# dataJobInputOutput: removes from an aspect written whole (the deprecated lists are kept as they are).
b = DataJobPatchBuilder(job("removes"))
b.remove_input_dataset_field(col("a", "x"))
b.remove_input_dataset(ds("c"))
b.remove_fine_grained_lineage(fgl([col("a", "x")], [col("b", "z")], op="SUM"))
row("job: remove from a stored aspect", b, "dataJobInputOutput", before=models.DataJobInputOutputClass(
    inputDatasets=[ds("a")], outputDatasets=[ds("b")],
    inputDatasetEdges=[models.EdgeClass(destinationUrn=ds("c")), models.EdgeClass(destinationUrn=ds("d"))],
    inputDatasetFields=[col("a", "x"), col("a", "y")],
    fineGrainedLineages=[fgl([col("a", "x"), col("a", "w")], [col("b", "z")], op="SUM", score=0.5)]))

# dataJobInputOutput: whole lists set by the builder are kept as given (fine-grained lineage too).
b = DataJobPatchBuilder(job("sets"))
b.add_fine_grained_lineage(fgl([col("a", "x")], [col("b", "x")]))
b.set_fine_grained_lineages([fgl([col("a", "q")], [col("b", "q"), col("b", "r")], up_type="FIELD_SET", down_type="FIELD_SET", op="JOIN", score=0.4)])
b.set_output_datasets([models.EdgeClass(destinationUrn=ds("e"))])
row("job: set whole lists", b, "dataJobInputOutput")

# upstreamLineage: an upstream and column lineage added to a stored aspect, one upstream removed.
b = DatasetPatchBuilder(ds("down"))
b.add_upstream_lineage(models.UpstreamClass(dataset=ds("u2"), type="TRANSFORMED", auditStamp=STAMP))
b.remove_upstream_lineage(ds("u1"))
b.add_fine_grained_lineage(fgl([col("u2", "a")], [col("down", "a")], op="IDENTITY", score=0.9))
b.add_fine_grained_lineage(fgl([col("u2", "b")], [col("down", "a")], op="IDENTITY", score=0.6))
row("upstreamLineage: add and remove", b, "upstreamLineage", before=models.UpstreamLineageClass(upstreams=[
    models.UpstreamClass(dataset=ds("u1"), type="COPY", auditStamp=STAMP),
    models.UpstreamClass(dataset=ds("u3"), type="COPY", auditStamp=STAMP)]))

# upstreamLineage: set_upstream_lineages and set_fine_grained_lineages replace the lists whole.
b = DatasetPatchBuilder(ds("down_set"))
b.set_upstream_lineages([models.UpstreamClass(dataset=ds("u4"), type="VIEW", auditStamp=STAMP)])
b.set_fine_grained_lineages([fgl([ds("u4")], [col("down_set", "a")], up_type="DATASET")])
row("upstreamLineage: set whole lists", b, "upstreamLineage")

# chartInfo: inputs written whole by the SDK (the union form), then added to by key; an edge added,
# another added and removed by a second patch.
b = ChartPatchBuilder("urn:li:chart:(looker,pt_chart)")
b.add_inputs([ds("b")])
b.add_input_edge(ds("c"))
b.add_input_edge(ds("d"))
then = ChartPatchBuilder("urn:li:chart:(looker,pt_chart)")
then.remove_input_edge(ds("c"))
row("chart: union-form inputs and edges", b, "chartInfo", then=then, before=models.ChartInfoClass(
    title="Revenue", description="", lastModified=models.ChangeAuditStampsClass(), inputs=[ds("a")]))

# dashboardInfo: every keyed list, on a dashboard with no aspect yet.
b = DashboardPatchBuilder("urn:li:dashboard:(looker,pt_dash)")
b.add_dataset_edge(ds("a"))
b.add_chart_edge("urn:li:chart:(looker,pt_c1)")
b.add_charts(["urn:li:chart:(looker,pt_c2)"])
b.add_datasets([ds("b")])
b.add_dashboard("urn:li:dashboard:(looker,pt_inner)")
row("dashboard: every list", b, "dashboardInfo")

# dataProductProperties: assets keyed by destination.
b = DataProductPatchBuilder("urn:li:dataProduct:pt_product")
b.set_name("Orders")
b.add_asset(ds("a"))
b.add_asset(ds("b"))
b.remove_asset(ds("a"))
b.add_asset(ds("c"), output_port=True)
row("dataProduct: assets", b, "dataProductProperties")
b = DataProductPatchBuilder("urn:li:dataProduct:pt_product_set")
b.set_assets([models.DataProductAssociationClass(destinationUrn=ds("z"))])
row("dataProduct: set assets", b, "dataProductProperties")

# structuredProperties: keyed by property and attribution source.
b = DatasetPatchBuilder(ds("props"))
b.set_structured_property("io.pt.tier", "gold")
b.set_structured_property("io.pt.owners", ["a", "b"])
b.set_structured_property("io.pt.tier", "silver")
b.remove_structured_property("io.pt.gone")
row("structuredProperties: set and replace", b, "structuredProperties", before=models.StructuredPropertiesClass(properties=[
    models.StructuredPropertyValueAssignmentClass(propertyUrn="urn:li:structuredProperty:io.pt.gone", values=["x"])]))

# propertyDefinition: entity types by value, allowed values by the value they hold.
b = StructuredPropertyPatchBuilder("urn:li:structuredProperty:io.pt.tier")
b.set_qualified_name("io.pt.tier")
b.set_value_type("urn:li:dataType:datahub.string")
b.set_cardinality("SINGLE")
b.add_entity_type("urn:li:entityType:datahub.dataset")
b.add_entity_type("urn:li:entityType:datahub.chart")
b.add_entity_type("urn:li:entityType:datahub.dataset")
b.add_allowed_value(models.PropertyValueClass(value="gold", description="Best"))
b.add_allowed_value(models.PropertyValueClass(value="silver"))
b.add_allowed_value(models.PropertyValueClass(value="gold", description="Still the best"))
row("propertyDefinition: entity types and allowed values", b, "propertyDefinition")

# The datasets lineage is read back through exist (lineage leaves out entities nothing is stored for).
for name in ["a", "b", "d", "u2", "down"]:
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds(name), aspect=models.StatusClass(removed=False)))

print(json.dumps(rows))
