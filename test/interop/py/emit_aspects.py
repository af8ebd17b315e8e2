"""Emits every aspect type the product interprets with DataHub's DatahubRestEmitter (emit and
emit_mcps) to the server at DATAHUB_GMS_URL. Prints {"emitted": [...]} on success."""
import json
import os
import sys

import datahub.metadata.schema_classes as m
from datahub.emitter.mce_builder import make_dataset_urn, make_tag_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import DatahubRestEmitter

name = sys.argv[1]
urn = make_dataset_urn("postgres", name, "PROD")
tag = make_tag_urn("emitted")
jdoe = make_user_urn("jdoe")
stamp = m.AuditStampClass(time=1700000000000, actor=jdoe)

emitter = DatahubRestEmitter(os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN"))
emitter.test_connection()

# One at a time with emit(): the tag first, so the dataset can carry it.
emitter.emit(MetadataChangeProposalWrapper(entityUrn=tag, aspect=m.TagPropertiesClass(name="Emitted", description="set by the emitter", colorHex="#123456")))
emitter.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.DatasetPropertiesClass(description="emitted description", customProperties={"team": "data"}, name=name)))

# The rest in one batch with emit_mcps().
fields = [
    m.SchemaFieldClass(fieldPath="id", type=m.SchemaFieldDataTypeClass(type=m.NumberTypeClass()), nativeDataType="bigint", description="primary key"),
    m.SchemaFieldClass(fieldPath="email", type=m.SchemaFieldDataTypeClass(type=m.StringTypeClass()), nativeDataType="text", nullable=True),
    m.SchemaFieldClass(fieldPath="tags", type=m.SchemaFieldDataTypeClass(type=m.ArrayTypeClass(nestedType=["string"])), nativeDataType="text[]"),
]
aspects = [
    m.SchemaMetadataClass(schemaName=name, platform="urn:li:dataPlatform:postgres", version=0, hash="", platformSchema=m.OtherSchemaClass(rawSchema=""), fields=fields),
    m.EditableDatasetPropertiesClass(description="edited description", created=stamp, lastModified=stamp),
    m.InstitutionalMemoryClass(elements=[m.InstitutionalMemoryMetadataClass(url="https://wiki.example.com/users", description="Wiki", createStamp=stamp)]),
    m.GlobalTagsClass(tags=[m.TagAssociationClass(tag=tag)]),
    m.OwnershipClass(owners=[m.OwnerClass(owner=jdoe, type=m.OwnershipTypeClass.TECHNICAL_OWNER)]),
    m.DeprecationClass(deprecated=True, note="use users_v2", actor=jdoe, decommissionTime=1767225600000),
]
emitter.emit_mcps([MetadataChangeProposalWrapper(entityUrn=urn, aspect=a) for a in aspects])
emitter.close()
print(json.dumps({"urn": urn, "emitted": ["tagProperties", "datasetProperties"] + [a.ASPECT_NAME for a in aspects]}))
