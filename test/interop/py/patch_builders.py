"""DataHub's SDK patch builders against catalog serve: DatasetPatchBuilder adds a tag, an owner, a
column tag and custom properties, emitted as the SDK emits them (changeType PATCH); then a second
patch removes a tag, an owner and a custom property. Argument: the dataset urn."""
import json
import os
import sys

from datahub.emitter.rest_emitter import DatahubRestEmitter
from datahub.metadata.schema_classes import OwnerClass, OwnershipTypeClass, TagAssociationClass
from datahub.specific.dataset import DatasetPatchBuilder

urn = sys.argv[1]
step = sys.argv[2]
emitter = DatahubRestEmitter(os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN"))

builder = DatasetPatchBuilder(urn)
if step == "add":
    builder.add_tag(TagAssociationClass("urn:li:tag:patched"))
    builder.add_owner(OwnerClass("urn:li:corpuser:patcher", OwnershipTypeClass.TECHNICAL_OWNER))
    builder.add_custom_property("team", "data-eng")
    builder.add_custom_property("tier/level", "gold")
    builder.for_field("user_id").add_tag(TagAssociationClass("urn:li:tag:pii"))
else:
    builder.remove_tag("urn:li:tag:patched")
    builder.remove_owner("urn:li:corpuser:patcher")
    builder.remove_custom_property("team")
mcps = builder.build()
for mcp in mcps:
    emitter.emit_mcp(mcp)
print(json.dumps(sorted({m.aspectName for m in mcps})))
