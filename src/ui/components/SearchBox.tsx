/** The search box of the header and the home page: suggestions by name as you type; Enter searches. */
import { suggest } from '../api/search.ts';
import { navigate } from '../router.ts';
import { entityPath, searchPath } from '../routes.ts';
import { Combobox, type Option } from './Combobox.tsx';

export function SearchBox({
  initial = '',
  big = false,
  autoFocus = false,
}: {
  initial?: string;
  big?: boolean;
  autoFocus?: boolean;
}) {
  async function load(text: string): Promise<Option[]> {
    const found = await suggest(text);
    return found.map((e) => ({
      key: e.urn,
      text: e.name,
      label: (
        <>
          <span class="option-name">{e.name}</span>
        </>
      ),
      hint: [e.kind, e.platform?.name].filter(Boolean).join(' · '),
    }));
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search says what <search> says, in more browsers
    <form
      role="search"
      class={big ? 'search-form search-form-big' : 'search-form'}
      action="/search"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        const q = (e.currentTarget.elements.namedItem('query') as HTMLInputElement).value;
        navigate(searchPath({ query: q.trim() }));
      }}
    >
      <Combobox
        key={initial}
        label="Search the catalog"
        hiddenLabel
        name="query"
        placeholder="Search datasets, people, tags…"
        initial={initial}
        autoFocus={autoFocus}
        inputClass={big ? 'input input-big' : 'input'}
        load={load}
        onPick={(o) => navigate(entityPath(o.key))}
        onSubmit={(text) => navigate(searchPath({ query: text }))}
      />
      <button type="submit" class="btn btn-primary">
        Search
      </button>
    </form>
  );
}
