/** GraphQL documents the bench sends: shared by the load (run.ts) and the in-process figures (search.ts). */

/** A tutorial-style dataset read: description, columns with tags, owners, tags, deprecation. */
export const READ_DOCUMENT = `query read($urn: String!) { dataset(urn: $urn) { urn properties { name description } schemaMetadata { fields { fieldPath description type nativeDataType tags { tags { tag { urn name } } } } } ownership { owners { owner { ... on CorpUser { urn username } ... on CorpGroup { urn name } } type } } tags { tags { tag { urn name properties { description colorHex } } } } deprecation { deprecated note decommissionTime } } }`;
