"""Reads a file through DataHub's own file source (the `datahub ingest` source of type `file`), as
a pipeline would, without a sink. Prints the number of work units and of reported failures."""
import json
import sys

from datahub.ingestion.api.common import PipelineContext
from datahub.ingestion.source.file import GenericFileSource

source = GenericFileSource.create({"path": sys.argv[1]}, PipelineContext(run_id="catalog-interop"))
units = sum(1 for _ in source.get_workunits())
report = source.get_report()
print(json.dumps({"workunits": units, "failures": len(report.failures), "warnings": len(report.warnings)}))
