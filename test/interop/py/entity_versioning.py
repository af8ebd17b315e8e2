"""DataHubGraph's entity versioning methods (entity_versioning.py: linkAssetVersion and
unlinkAssetVersion over GraphQL, versionProperties / versionSetProperties read back over REST) and
the PlatformResource SDK (create, from_datahub, search_by_key through the OpenAPI v3 scroll, delete),
end to end. Arguments: three dataset urns. Prints what each call returned and what the server holds
after it, as JSON."""
import json
import os
import sys

from datahub.api.entities.platformresource.platform_resource import PlatformResource, PlatformResourceKey
from datahub.configuration.common import GraphError
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from datahub.metadata.schema_classes import VersionPropertiesClass, VersionSetPropertiesClass

graph = DataHubGraph(DatahubClientConfig(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN")))
first, second, third = sys.argv[1:4]
out = {}


def version(urn):
    p = graph.get_aspect(urn, VersionPropertiesClass)
    return None if p is None else {"set": p.versionSet, "label": p.version.versionTag, "sortId": p.sortId, "isLatest": p.isLatest, "comment": p.comment}


def latest(vs):
    p = graph.get_aspect(vs, VersionSetPropertiesClass)
    return None if p is None else {"latest": p.latest, "scheme": p.versioningScheme}


vs = graph.link_asset_to_version_set(first, None, "v1", comment="first cut")
out["created"] = vs
out["again"] = graph.link_asset_to_version_set(first, vs, "v1")
out["next"] = graph.link_asset_to_versioned_asset(second, first, "v2", comment="second cut")
out["after_link"] = {"first": version(first), "second": version(second), "set": latest(vs)}
try:
    graph.link_asset_to_version_set(third, vs, "v1")
    out["duplicate"] = None
except GraphError as e:
    out["duplicate"] = str(e)
out["unlink_latest"] = graph.unlink_latest_asset_from_version_set(vs)
out["after_unlink_latest"] = {"first": version(first), "second": version(second), "set": latest(vs)}
out["unlink_unversioned"] = graph.unlink_asset_from_version_set(second)
out["unlink_last"] = graph.unlink_asset_from_version_set(first)
out["set_exists"] = graph.exists(vs)

key = PlatformResourceKey(platform="slack", platform_instance="acme", resource_type="user-info", primary_key="U123")
PlatformResource.create(key=key, value={"email": "jdoe@acme.com", "real_name": "John Doe"}, secondary_keys=["jdoe@acme.com"]).to_datahub(graph)
read = PlatformResource.from_datahub(graph, key)
out["resource"] = {
    "id": read.id == key.id,
    "type": read.resource_info.resource_type,
    "primary": read.resource_info.primary_key,
    "secondary": read.resource_info.secondary_keys,
    "value": json.loads(read.resource_info.value.blob),
    "content_type": read.resource_info.value.content_type,
    "platform": read.data_platform_instance.platform,
    "instance": read.data_platform_instance.platform_instance,
    "removed": read.removed,
}
out["by_primary"] = [r.resource_info.primary_key for r in PlatformResource.search_by_key(graph, "U123")]
out["by_secondary_primary_only"] = [r.resource_info.primary_key for r in PlatformResource.search_by_key(graph, "jdoe@acme.com")]
out["by_secondary"] = [r.resource_info.primary_key for r in PlatformResource.search_by_key(graph, "jdoe@acme.com", primary=False)]
read.delete(graph)
out["after_delete"] = PlatformResource.from_datahub(graph, key) is None
print(json.dumps(out))
