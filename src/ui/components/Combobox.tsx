/**
 * A text box with suggestions, per WAI-ARIA's combobox pattern: type to get options (debounced),
 * ↑/↓ to move, Enter to pick (or to submit the text when no option is active), Escape to close.
 * The list is a `listbox` the input points at with `aria-activedescendant`, so focus stays in the
 * box and a screen reader reads the active option.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

export interface Option {
  /** Unique among the options. */
  key: string;
  label: ComponentChildren;
  /** Text a screen reader and the option's title get when `label` is markup. */
  text: string;
  hint?: string;
}

interface Props {
  label: string;
  /** Hide the label visually (it is still read). */
  hiddenLabel?: boolean;
  placeholder?: string;
  initial?: string;
  /** Options for the typed text; an empty text gets `load('')` too unless `minChars` > 0. */
  load: (text: string) => Promise<Option[]>;
  onPick: (option: Option) => void;
  /** Enter with no active option. */
  onSubmit?: (text: string) => void;
  minChars?: number;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Clears the box after a pick (pickers of tags, owners …). */
  clearOnPick?: boolean;
  inputClass?: string;
  name?: string;
  onEscape?: () => void;
}

export function Combobox(props: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(props.initial ?? '');
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState<string | undefined>();
  const seq = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const minChars = props.minChars ?? 1;

  useEffect(() => {
    if (props.autoFocus) input.current?.focus();
  }, [props.autoFocus]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function request(value: string) {
    window.clearTimeout(timer.current);
    if (value.trim().length < minChars) {
      setOptions([]);
      setOpen(false);
      return;
    }
    const mine = ++seq.current;
    timer.current = window.setTimeout(() => {
      props
        .load(value.trim())
        .then((found) => {
          if (mine !== seq.current) return;
          setFailed(undefined);
          setOptions(found);
          setActive(-1);
          setOpen(found.length > 0);
        })
        .catch((e: Error) => {
          if (mine !== seq.current) return;
          setFailed(e.message);
          setOpen(false);
        });
    }, 150);
  }

  function pick(option: Option) {
    seq.current++;
    setOpen(false);
    setActive(-1);
    setText(props.clearOnPick ? '' : option.text);
    props.onPick(option);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open && options.length > 0) setOpen(true);
      setActive((a) => (options.length === 0 ? -1 : (a + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => (options.length === 0 ? -1 : a <= 0 ? options.length - 1 : a - 1));
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && options[active]) {
        event.preventDefault();
        pick(options[active]);
      } else if (props.onSubmit) {
        event.preventDefault();
        seq.current++;
        setOpen(false);
        props.onSubmit(text.trim());
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else props.onEscape?.();
    }
  }

  return (
    <div class="combobox">
      <label for={id} class={props.hiddenLabel ? 'visually-hidden' : 'field-label'}>
        {props.label}
      </label>
      <input
        id={id}
        ref={input}
        name={props.name}
        class={props.inputClass ?? 'input'}
        type="text"
        role="combobox"
        autocomplete="off"
        spellcheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        placeholder={props.placeholder}
        value={text}
        disabled={props.disabled}
        onInput={(e) => {
          const value = (e.currentTarget as HTMLInputElement).value;
          setText(value);
          request(value);
        }}
        onFocus={() => {
          if (minChars === 0 && options.length === 0) request(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
      />
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern's listbox */}
      <ul id={listId} role="listbox" aria-label={props.label} class="combobox-list" hidden={!open}>
        {options.map((o, i) => (
          // The input keeps the focus and takes the keys (aria-activedescendant); a click is the mouse's way.
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: as said above
          <li
            key={o.key}
            id={`${id}-opt-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern's options
            role="option"
            aria-selected={i === active}
            class={i === active ? 'active' : undefined}
            title={o.text}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(o)}
          >
            <span class="option-label">{o.label}</span>
            {o.hint && <span class="option-hint">{o.hint}</span>}
          </li>
        ))}
      </ul>
      {failed && (
        <p class="field-error" role="alert">
          Suggestions failed: {failed}
        </p>
      )}
    </div>
  );
}
