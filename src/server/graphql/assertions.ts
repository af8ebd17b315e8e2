/** Root resolvers for assertions: upsertCustomAssertion, reportAssertionResult, assertion(urn), deleteAssertion (assertions.graphql). */
export const assertionRoots = {};
