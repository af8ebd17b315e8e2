"""DataHub's DatahubRestEmitter with conditional-write headers against the server at
DATAHUB_GMS_URL. argv[1]: the dataset name. Prints one JSON line of what happened."""
import json
import os
import sys

import datahub.metadata.schema_classes as m
from datahub.emitter.mce_builder import make_dataset_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import DatahubRestEmitter

urn = make_dataset_urn("hive", sys.argv[1], "PROD")
emitter = DatahubRestEmitter(os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN"))
emitter.test_connection()
out = {}


def props(text):
    return m.EditableDatasetPropertiesClass(description=text)


meta = m.SystemMetadataClass(runId="interop-run-1")
emitter.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=props("first"), systemMetadata=m.SystemMetadataClass(runId="interop-base")))
# Stale: the aspect is at version 1.
try:
    emitter.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=props("stale"), headers={"If-Version-Match": "5"}, systemMetadata=meta))
    out["stale"] = "written"
except Exception as e:  # the emitter raises OperationalError with the server's message
    out["stale"] = str(e)
# Fresh: written.
emitter.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=props("second"), headers={"If-Version-Match": "1"}, systemMetadata=meta))
# CREATE + If-None-Match: * on an existing aspect: kept, no error.
emitter.emit(
    MetadataChangeProposalWrapper(entityUrn=urn, aspect=props("created"), changeType=m.ChangeTypeClass.CREATE, headers={"If-None-Match": "*"}, systemMetadata=meta)
)
out["created"] = "no error"
emitter.close()
print(json.dumps(out))
