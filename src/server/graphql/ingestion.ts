/** Root resolvers for ingestion sources, invite tokens and roles (ingestion.graphql). */
export const ingestionRoots = {};
