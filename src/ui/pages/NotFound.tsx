/** What an unknown address or a urn with nothing stored shows. */
import { useTitle } from '../components/basics.tsx';
import { searchPath } from '../routes.ts';

export function NotFound({ urn }: { urn?: string }) {
  useTitle('Not found');
  return (
    <section class="not-found" aria-labelledby="nf-title">
      <p class="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title">{urn ? 'This entity does not exist' : 'Page not found'}</h1>
      {urn ? (
        <p>
          Nothing is stored for <code class="urn">{urn}</code>. It may have been deleted, or the link may be mistyped.
        </p>
      ) : (
        <p>There is no page at this address.</p>
      )}
      <p>
        <a href="/" class="btn">
          Go to the home page
        </a>{' '}
        {urn && (
          <a
            href={searchPath({
              query: urn
                .replace(/^urn:li:[^:]+:/, '')
                .replace(/[(),]/g, ' ')
                .trim(),
            })}
            class="btn"
          >
            Search for it
          </a>
        )}
      </p>
    </section>
  );
}
