"""Drives DataHub's own clients through the assertion workflow against the server in DATAHUB_GMS_URL:
DataHubGraph.upsert_custom_assertion and report_assertion_result (as a data quality tool reports its
checks), the Assertion API of datahub.api.graphql (the Airflow circuit breaker's read), the
assertion aspects read back as DataHub's typed classes, mcp-server-datahub's get_dataset_assertions
tool and its sub-entity url resolver, and run_assertion (DataHub Cloud only).

argv[1]: the dataset urn. Prints one JSON object with what each call returned."""
import json
import os
import sys

from datahub.api.graphql.assertion import Assertion
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata.schema_classes import (
    AssertionInfoClass,
    AssertionResultClass,
    AssertionRunEventClass,
    AssertionStdOperatorClass,
    AssertionStdParameterClass,
    AssertionStdParametersClass,
    DataPlatformInstanceClass,
    FieldAssertionInfoClass,
    FieldMetricAssertionClass,
    SchemaFieldSpecClass,
)
from datahub.sdk import DataHubClient
from mcp_server_datahub.graphql_helpers import with_datahub_client
from mcp_server_datahub.sub_entity_urls import SubEntityResolver
from mcp_server_datahub.tools.assertions import get_dataset_assertions

dataset = sys.argv[1]
server = os.environ["DATAHUB_GMS_URL"]
graph = DataHubGraph(DatahubClientConfig(server=server))

created = graph.upsert_custom_assertion(
    urn=None,
    entity_urn=dataset,
    type="Data Quality",
    description="No null user ids",
    platform_name="great-expectations",
    field_path="user_id",
    external_url="https://ge.example/checks/1",
    logic="SELECT COUNT(*) FROM t WHERE user_id IS NULL",
    scope="DATASET_COLUMN",
    aggregation="NULL_COUNT",
    operator="EQUAL_TO",
    parameters={"value": {"value": "0", "type": "NUMBER"}},
    native_type="expect_column_values_to_not_be_null",
    native_parameters=[{"key": "mostly", "value": "1.0"}],
)
urn = created["urn"]
reported = [
    graph.report_assertion_result(urn=urn, timestamp_millis=1_000, type="SUCCESS", properties=[{"key": "observed", "value": "0"}]),
    graph.report_assertion_result(urn=urn, timestamp_millis=2_000, type="FAILURE", severity="HIGH", external_url="https://ge.example/runs/2"),
    graph.report_assertion_result(urn=urn, timestamp_millis=3_000, type="ERROR", error_type="SOURCE_QUERY_FAILED", error_message="syntax error"),
    graph.report_assertion_result(urn=urn, timestamp_millis=4_000, type="SUCCESS"),
]
try:
    graph.report_assertion_result(urn="urn:li:assertion:missing", timestamp_millis=1, type="SUCCESS")
    missing_report = None
except Exception as e:  # the client raises GraphError with the server's message
    missing_report = str(e)

# A column check sent the way Great Expectations' DataHub action sends its checks: aspects over REST.
field_urn = "urn:li:assertion:ge-email-not-null"
graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=field_urn, aspect=AssertionInfoClass(
    type="FIELD",
    fieldAssertion=FieldAssertionInfoClass(
        type="FIELD_METRIC",
        entity=dataset,
        fieldMetricAssertion=FieldMetricAssertionClass(
            field=SchemaFieldSpecClass(path="email", type="STRING", nativeType="varchar"),
            metric="NULL_COUNT",
            operator=AssertionStdOperatorClass.EQUAL_TO,
            parameters=AssertionStdParametersClass(value=AssertionStdParameterClass(value="0", type="NUMBER")),
        ),
    ),
    description="Emails are never null",
)))
graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=field_urn, aspect=AssertionRunEventClass(
    timestampMillis=5_000, runId="ge-run-1", assertionUrn=field_urn, asserteeUrn=dataset, status="COMPLETE",
    result=AssertionResultClass(type="FAILURE", actualAggValue=3.0),
)))

info = graph.get_aspect(urn, AssertionInfoClass)
platform = graph.get_aspect(urn, DataPlatformInstanceClass)
latest = graph.get_latest_timeseries_value(urn, AssertionRunEventClass, {})
breaker = Assertion(graph=graph).query_assertion(urn=dataset, status="COMPLETE", limit=10)

client = DataHubClient(server=server, token=os.environ.get("DATAHUB_GMS_TOKEN") or None)
with with_datahub_client(client):
    tool_all = get_dataset_assertions(urn=dataset, run_events_count=3)
    tool_column = get_dataset_assertions(urn=dataset, column="email")
    tool_passing = get_dataset_assertions(urn=dataset, status="PASSING", assertion_type="CUSTOM")
    tool_failing = get_dataset_assertions(urn=dataset, status="FAILING")
parent = SubEntityResolver(graph).resolve_parent_urn(urn)

try:
    graph.run_assertion(urn)
    run = None
except Exception as e:
    run = str(e)

print(json.dumps({
    "urn": urn,
    "reported": reported,
    "missingReport": missing_report,
    "info": info.to_obj() if info else None,
    "platform": platform.platform if platform else None,
    "latest": latest.to_obj() if latest else None,
    "breaker": breaker,
    "toolAll": tool_all,
    "toolColumn": tool_column,
    "toolPassing": tool_passing,
    "toolFailing": tool_failing,
    "parent": parent,
    "run": run,
}))
