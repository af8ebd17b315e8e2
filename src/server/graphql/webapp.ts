/**
 * The root fields DataHub's web app asks for before it draws a page: the server's configuration
 * (`appConfig`) and the caller's privileges (`getGrantedPrivileges`, and `privileges` on every entity
 * type that has it), each answered by one operation.
 */
import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { appConfig } from '../../ops/admin/appConfig.ts';
import { entityPrivilegesOf, grantedPrivileges } from '../../ops/identity/privileges.ts';
import { VERSION } from '../../version.ts';
import type { GraphqlContext } from './resolvers.ts';
import type * as G from './schema.generated.ts';

export const webappRoots = {
  appConfig: (_: unknown, ctx: GraphqlContext) => appConfig(VERSION, ctx.authEnabled === true),
  // Page templates are not served here: the app then shows its own default home page.
  globalHomePageSettings: () => ({ defaultTemplate: null }),
  getGrantedPrivileges: ({ input }: { input: G.GetGrantedPrivilegesInput }) => grantedPrivileges(input.actorUrn),
} satisfies Partial<G.QueryRoots<GraphqlContext>>;

/** `privileges` on every entity type that has it: one resolver over the parent's urn. */
export function withPrivilegesFields(built: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(built.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType)) continue;
    const field = type.getFields()['privileges'];
    if (field && type.getInterfaces().some((i) => i.name === 'Entity'))
      field.resolve = (parent: { urn: string }) => entityPrivilegesOf(parent.urn);
  }
  return built;
}
