/**
 * Which aspects of a dataset feed which timeline category, and the differ that reads each
 * (docs/datahub/discovery.md §7.5). The mapping is DataHub's TimelineServiceImpl registry for datasets
 * (TAG: schemaMetadata, editableSchemaMetadata, globalTags; GLOSSARY_TERM: glossaryTerms,
 * editableSchemaMetadata; DOCUMENTATION: institutionalMemory, dataset properties both kinds, both
 * schema aspects; OWNERSHIP: ownership; TECHNICAL_SCHEMA: schemaMetadata; DOMAIN: domains), plus
 * DEPRECATION from `deprecation`, which Catalog adds.
 */
import type { ChangeCategory, Differ } from './changeEvent.ts';
import { datasetDescriptionDiffer, institutionalMemoryDiffer } from './documentationDiffs.ts';
import { globalTagsDiffer, glossaryTermsDiffer } from './labelDiffs.ts';
import { ownershipDiffer } from './ownershipDiffs.ts';
import { editableSchemaMetadataDiffer, schemaMetadataDiffer } from './schemaDiffs.ts';
import { deprecationDiffer, domainsDiffer } from './statusDiffs.ts';

export interface AspectDiffer {
  aspect: string;
  categories: readonly ChangeCategory[];
  differ: Differ;
}

/** In the order their events are listed within one transaction. */
export const DATASET_DIFFERS: readonly AspectDiffer[] = [
  { aspect: 'schemaMetadata', categories: ['TECHNICAL_SCHEMA', 'DOCUMENTATION', 'TAG'], differ: schemaMetadataDiffer },
  {
    aspect: 'editableSchemaMetadata',
    categories: ['DOCUMENTATION', 'TAG', 'GLOSSARY_TERM'],
    differ: editableSchemaMetadataDiffer,
  },
  { aspect: 'datasetProperties', categories: ['DOCUMENTATION'], differ: datasetDescriptionDiffer },
  { aspect: 'editableDatasetProperties', categories: ['DOCUMENTATION'], differ: datasetDescriptionDiffer },
  { aspect: 'institutionalMemory', categories: ['DOCUMENTATION'], differ: institutionalMemoryDiffer },
  { aspect: 'globalTags', categories: ['TAG'], differ: globalTagsDiffer },
  { aspect: 'glossaryTerms', categories: ['GLOSSARY_TERM'], differ: glossaryTermsDiffer },
  { aspect: 'ownership', categories: ['OWNERSHIP'], differ: ownershipDiffer },
  { aspect: 'domains', categories: ['DOMAIN'], differ: domainsDiffer },
  { aspect: 'deprecation', categories: ['DEPRECATION'], differ: deprecationDiffer },
];
