"""Reads every aspect of an MCP file (a `catalog export` of the sample) through DataHub's own classes,
as its client reads an aspect GMS answers: `post_json_transform` (GMS's union names to the classes'),
the class of the aspect's name, `from_obj` and `validate()`; then back (`to_obj`, `pre_json_transform`)
compared with what was read, so a field DataHub does not know, a union member it does not recognise,
or a value its schema turns into another, is a loss. Prints {"aspects": n, "problems": ["<urn> <aspect>: <what>", ...]}."""
import json
import sys

from datahub.emitter.serialization_helper import post_json_transform, pre_json_transform
from datahub.metadata.schema_classes import ASPECT_NAME_MAP


def lost(given, read, path):
    """The first place where `given` is not kept in `read` (read may add DataHub's defaults)."""
    if isinstance(given, dict):
        if not isinstance(read, dict):
            return f"{path or '/'}: an object became {json.dumps(read)[:80]}"
        for key, value in given.items():
            if key not in read:
                if value is None:
                    continue
                return f"{path}/{key}: dropped ({json.dumps(value)[:80]})"
            found = lost(value, read[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(given, list):
        if not isinstance(read, list) or len(read) != len(given):
            return f"{path}: a list of {len(given)} became {json.dumps(read)[:80]}"
        for i, (a, b) in enumerate(zip(given, read)):
            found = lost(a, b, f"{path}/{i}")
            if found:
                return found
        return None
    if isinstance(given, float) or isinstance(read, float):
        return None if float(given) == float(read) else f"{path}: {given} became {read}"
    return None if given == read else f"{path}: {json.dumps(given)} became {json.dumps(read)}"


records = json.load(open(sys.argv[1]))
problems = []
for r in records:
    name = r["aspectName"]
    where = f"{r['entityUrn']} {name}"
    cls = ASPECT_NAME_MAP.get(name)
    if cls is None:
        problems.append(f"{where}: DataHub has no aspect of this name")
        continue
    value = r["aspect"]["json"]
    try:
        obj = cls.from_obj(post_json_transform(value), tuples=False)
    except Exception as e:  # noqa: BLE001 - any failure to read is what the test reports
        problems.append(f"{where}: not read: {type(e).__name__}: {str(e)[:200]}")
        continue
    if not obj.validate():
        problems.append(f"{where}: read, but invalid against {cls.RECORD_SCHEMA.fullname}")
        continue
    found = lost(value, pre_json_transform(obj.to_obj(tuples=False)), "")
    if found:
        problems.append(f"{where}: {found}")
print(json.dumps({"aspects": len(records), "problems": problems}))
