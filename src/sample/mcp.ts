/** One record of DataHub's MCP file format: an UPSERT of one aspect, its value as JSON. */
export function mcp(entityUrn: string, aspectName: string, json: Record<string, unknown>) {
  return { entityType: entityUrn.split(':')[2], entityUrn, changeType: 'UPSERT', aspectName, aspect: { json } };
}
