/** DataPlatform: hive, kafka, looker, …: its stored dataPlatformInfo, else what its urn gives (src/ops/read/common.ts readPlatform). */
import { type EntityKind, platformView } from './shared.ts';

export const dataPlatform: EntityKind = {
  typename: 'DataPlatform',
  enumValue: 'DATA_PLATFORM',
  build: (view, urn) => platformView(view, urn),
};
