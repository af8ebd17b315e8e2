/** Page links for a paged list: previous, a window of page numbers, next. Plain links, so paging works with the keyboard and in new tabs. */
import { Fragment } from 'preact';

export function Pager({
  page,
  pages,
  href,
  label = 'Pages',
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pages <= 1) return null;
  const shown = new Set<number>([1, pages]);
  for (let p = Math.max(1, page - 2); p <= Math.min(pages, page + 2); p++) shown.add(p);
  const list = [...shown].sort((a, b) => a - b);
  return (
    <nav class="pager" aria-label={label}>
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          ‹ Previous
        </a>
      ) : (
        <span class="disabled" aria-hidden="true">
          ‹ Previous
        </span>
      )}
      <ul>
        {list.map((p, i) => (
          <Fragment key={p}>
            {i > 0 && p - list[i - 1]! > 1 && (
              <li aria-hidden="true" class="gap">
                …
              </li>
            )}
            <li>
              {p === page ? (
                <span aria-current="page" class="current">
                  {p}
                </span>
              ) : (
                <a href={href(p)} aria-label={`Page ${p}`}>
                  {p}
                </a>
              )}
            </li>
          </Fragment>
        ))}
      </ul>
      {page < pages ? (
        <a href={href(page + 1)} rel="next">
          Next ›
        </a>
      ) : (
        <span class="disabled" aria-hidden="true">
          Next ›
        </span>
      )}
    </nav>
  );
}
