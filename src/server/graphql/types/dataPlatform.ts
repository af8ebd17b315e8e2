/** DataPlatform: hive, kafka, looker, …, named by its urn. */
import { type EntityKind, platformView } from './shared.ts';

export const dataPlatform: EntityKind = {
  typename: 'DataPlatform',
  enumValue: 'DATA_PLATFORM',
  build: (_view, urn) => ({ __typename: 'DataPlatform', ...platformView(urn) }),
};
