"""DataHub's clients of timeseries aspects against our server. Prints JSON with what each returned:
- `operations`: datahub.api.graphql.Operation.report_operation ×3 then query_operations on a dataset;
- `profile`: a datasetProfile emitted as an MCP, read back with DataHubGraph.get_latest_timeseries_value;
- runs of a data job emitted by the SDK's DataProcessInstance (emit_process_start/end ×7), then the
  GC source's DataProcessCleanup (keep_last_n=5, hard delete): `runs_before`, `cleanup` (its report)
  and `runs_after` (the urns the job's runs list, newest first).
Arguments: dataset urn."""
import json
import os
import sys

import datahub.metadata.schema_classes as models
from datahub.api.entities.datajob import DataFlow, DataJob
from datahub.api.entities.dataprocess.dataprocess_instance import DataProcessInstance, InstanceRunResult
from datahub.api.graphql import Operation
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.ingestion.api.common import PipelineContext
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from datahub.ingestion.source.gc.dataprocess_cleanup import DataProcessCleanup, DataProcessCleanupConfig, DataProcessCleanupReport

dataset = sys.argv[1]
server = os.environ["DATAHUB_GMS_URL"]
token = os.environ.get("DATAHUB_GMS_TOKEN")
graph = DataHubGraph(DatahubClientConfig(server=server, token=token))
out = {}

ops = Operation(datahub_host=server, datahub_token=token)
out["reported"] = [
    ops.report_operation(urn=dataset, operation_type="INSERT", num_affected_rows=10),
    ops.report_operation(urn=dataset, operation_type="UPDATE", partition="2026-11-25", num_affected_rows=3),
    ops.report_operation(urn=dataset, operation_type="DELETE", source_type="MANUAL"),
]
out["operations"] = [
    {k: o[k] for k in ("operationType", "sourceType", "numAffectedRows", "partition", "actor")}
    for o in ops.query_operations(urn=dataset)
]

graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=dataset, aspect=models.DatasetProfileClass(timestampMillis=1_700_000_000_000, rowCount=42, columnCount=3)))
graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=dataset, aspect=models.DatasetProfileClass(timestampMillis=1_700_000_100_000, rowCount=44, columnCount=3)))
latest = graph.get_latest_timeseries_value(entity_urn=dataset, aspect_type=models.DatasetProfileClass, filter_criteria_map={})
out["profile"] = None if latest is None else {"rowCount": latest.rowCount, "timestampMillis": latest.timestampMillis}

flow = DataFlow(orchestrator="airflow", id="gc_interop", env="prod")
job = DataJob(id="load", flow_urn=flow.urn)
base = 1_700_000_000_000
out["run_urns"] = []
for i in range(7):
    run = DataProcessInstance.from_datajob(datajob=job, id=f"gc_interop_run_{i}")
    out["run_urns"].append(str(run.urn))
    run.emit_process_start(graph, start_timestamp_millis=base + i * 60_000, emit_template=(i == 0))
    run.emit_process_end(graph, end_timestamp_millis=base + i * 60_000 + 5_000, result=InstanceRunResult.SUCCESS, result_type="airflow")

RUNS = "query runs($urn: String!) { dataJob(urn: $urn) { runs(start: 0, count: 100) { total runs { urn created { time } state(limit: 1) { status result { resultType } } } } } }"
before = graph.execute_graphql(RUNS, {"urn": str(job.urn)})["dataJob"]["runs"]
out["runs_before"] = {"total": before["total"], "latest": before["runs"][0]["state"][0]}

config = DataProcessCleanupConfig(retention_days=None, keep_last_n=5, hard_delete_entities=True, delay=None, batch_size=100, max_workers=2)
report = DataProcessCleanupReport()
cleanup = DataProcessCleanup(PipelineContext(run_id="gc_interop", graph=graph), config, report, dry_run=False)
list(cleanup.get_workunits_internal())
out["cleanup"] = {"removed": report.num_aspects_removed, "jobs_found": report.num_data_jobs_found, "failures": [str(f) for f in report.failures]}
after = graph.execute_graphql(RUNS, {"urn": str(job.urn)})["dataJob"]["runs"]
out["runs_after"] = [r["urn"] for r in after["runs"]]
print(json.dumps(out))
