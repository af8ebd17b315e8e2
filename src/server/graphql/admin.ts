/** Root resolvers for secrets and connections (admin.graphql). */
export const adminRoots = {};
