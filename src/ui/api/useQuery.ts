/**
 * Loading state for a read: runs `load` whenever `key` changes, ignores answers that arrive after
 * the key moved on, and gives back `reload` for after an edit.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Loads again, keeping the current data on screen until the new answer arrives. */
  reload: () => Promise<void>;
}

export function useQuery<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: Error; loading: boolean }>({
    key,
    loading: true,
  });
  const latest = useRef(key);
  const loader = useRef(load);
  loader.current = load;

  const run = useCallback(async (k: string) => {
    latest.current = k;
    setState((s) => ({ ...s, key: k, loading: true }));
    try {
      const data = await loader.current();
      if (latest.current === k) setState({ key: k, data, loading: false });
    } catch (e) {
      if (latest.current === k) setState({ key: k, error: e as Error, loading: false });
    }
  }, []);

  useEffect(() => {
    void run(key);
  }, [key, run]);

  const reload = useCallback(() => run(latest.current), [run]);
  // Data of another key is never shown as this key's.
  const same = state.key === key;
  return {
    data: same ? state.data : undefined,
    error: same ? state.error : undefined,
    loading: !same || state.loading,
    reload,
  };
}
