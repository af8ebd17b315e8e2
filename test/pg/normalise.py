"""Reads a JSON array of MCPs (DataHub's file format) and writes it back as DataHub's Python classes
hold each aspect, read the way DataHub's database reader reads a row (the JSON post-transformed, then
the aspect's class): every field DataHub's model gives a default is filled in, as any DataHub client
reading the aspect sees it. Used to compare a catalog with what went through DataHub's own reader.
Prints the records written and those DataHub's classes could not read.
Usage: normalise.py IN OUT"""
import json
import sys

from datahub.emitter.aspect import ASPECT_MAP
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.serialization_helper import post_json_transform

records = json.load(open(sys.argv[1]))
out = []
skipped = []
for record in records:
    try:
        aspect = ASPECT_MAP[record["aspectName"]].from_obj(post_json_transform(record["aspect"]["json"]))
    except Exception:
        # DataHub's reader reports such a row as a failure and leaves it out; so does this.
        skipped.append([record["entityUrn"], record["aspectName"]])
        continue
    wrapper = MetadataChangeProposalWrapper(entityUrn=record["entityUrn"], aspect=aspect)
    out.append(wrapper.to_obj(simplified_structure=True))
json.dump(out, open(sys.argv[2], "w"))
print(json.dumps({"records": len(out), "skipped": skipped}))
