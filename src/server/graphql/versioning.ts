/** Root resolvers for entity versioning (linkAssetVersion, unlinkAssetVersion) (versioning.graphql). */
export const versioningRoots = {};
