/** Root resolvers for operations (reportOperation) and data job runs (timeseries.graphql). */
export const timeseriesRoots = {};
