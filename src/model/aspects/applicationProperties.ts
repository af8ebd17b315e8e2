/** applicationProperties (com.linkedin.application.ApplicationProperties): an application's name and links. */
import { defineAspect, str, urnOf } from './define.ts';

export default defineAspect({
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
