/** applicationProperties (com.linkedin.application.ApplicationProperties): an application's name and links. */
import { defineAspect, str, urnOf, type AspectValue } from './define.ts';

const applicationProperties = defineAspect({
  name: 'applicationProperties',
  fqn: 'com.linkedin.application.ApplicationProperties',
  fields: {
    'customProperties?': { map: str },
    'externalUrl?': str,
    'name?': str,
    'description?': str,
    'parentApplication?': urnOf('application'),
  },
  relationships: [{ name: 'ApplicationPartOf', path: 'parentApplication' }],
});
export default applicationProperties;

export type ApplicationProperties = AspectValue<typeof applicationProperties>;
