import {
  type AriaAttributes,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import './search-list.css';

/** One answer of a search list. */
export interface SearchListOption<T> {
  /** Unique among the answers shown together. */
  key: string;
  /** What the row shows (the matched part may be marked); its text is the option's accessible name. */
  content: ReactNode;
  value: T;
  /** Opens a level of answers instead of being picked (a province of the region tree). */
  branch?: boolean;
}

/** What a search list shows for the text typed so far. */
export interface SearchListAnswers<T> {
  options: readonly SearchListOption<T>[];
  /** A line above the answers: where the list is (广东省 / 深圳市) while browsing. */
  heading?: string;
  /** A line in place of or below the answers: loading, nothing found, what to type. */
  note?: string;
}

/** What a form says of its field (antd's Form.Item hands these to its control). */
export type FieldAria = Pick<AriaAttributes, 'aria-describedby' | 'aria-invalid' | 'aria-required'>;

interface SearchListProps<T> {
  id?: string;
  /** The form's error and required state, for screen readers. */
  fieldAria?: FieldAria;
  /** The field's name for screen readers (所在地区, 城镇). */
  label: string;
  /** The picked value as text, shown while the list is closed. */
  display: string;
  placeholder: string;
  disabled?: boolean;
  /** The answers for the typed text ('' for nothing typed); called only while the list is open. */
  answers: (query: string) => SearchListAnswers<T>;
  /** An option was chosen (Enter or a click); a branch keeps the list open with the text cleared. */
  onChoose: (option: SearchListOption<T>) => void;
  /** ArrowLeft or Backspace with nothing typed: one level up while browsing. */
  onBack?: () => void;
  /** The list closed (picked, Escape, or focus left). */
  onClose?: () => void;
}

/** Screens as narrow as the address form's single column (address.css). */
const PHONE = '(max-width: 560px)';

/**
 * The shop's own combobox (ARIA combobox pattern with a listbox): an input whose typed text lists a few dozen
 * answers at most. A keystroke re-renders this component alone, so it costs the caller's search and a short list
 * (docs/regions.md 'Picker speed'); antd's select and cascader re-render and lay out far more.
 */
export function SearchList<T>({
  id,
  fieldAria,
  label,
  display,
  placeholder,
  disabled = false,
  answers,
  onChoose,
  onBack,
  onClose,
}: SearchListProps<T>) {
  const listId = `${useId()}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => (open ? answers(query) : { options: [] }), [open, answers, query]);
  const options = shown.options;
  const activeIndex = Math.min(active, options.length - 1);
  const activeId = open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined;

  useEffect(() => {
    if (!activeId) return;
    const row = document.getElementById(activeId);
    // Layout-free test DOMs lack it.
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  useEffect(() => {
    // A phone: the field goes to the top of the screen, so that the answers below it fit on the screen.
    if (open && window.matchMedia?.(PHONE).matches) inputRef.current?.scrollIntoView?.({ block: 'start' });
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(0);
    onClose?.();
  };

  const choose = (option: SearchListOption<T> | undefined) => {
    if (!option) return;
    onChoose(option);
    if (option.branch) {
      setQuery('');
      setActive(0);
      listRef.current?.scrollTo?.(0, 0);
    } else close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + count) % count);
        return;
      }
      case 'Home':
      case 'End':
        if (!open || count === 0 || query !== '') return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : count - 1);
        return;
      case 'Enter':
        // Never submits the form around it while the list is open.
        if (!open) return;
        event.preventDefault();
        choose(options[activeIndex]);
        return;
      case 'Escape':
        if (!open) return;
        // Closes the list, not the dialog around it.
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      case 'ArrowLeft':
      case 'Backspace':
        if (open && query === '' && onBack) {
          event.preventDefault();
          onBack();
          setActive(0);
        }
        return;
      default:
    }
  };

  return (
    <div className={`search-list${open ? ' search-list-open' : ''}`}>
      <input
        ref={inputRef}
        id={id}
        {...fieldAria}
        className="search-list-input"
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={open ? query : display}
        placeholder={open && display ? display : placeholder}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (open) close();
        }}
      />
      {/* Pressing in the list keeps the focus in the input, so a click picks before the blur closes it. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus where it is. */}
      <div
        className="search-list-popup"
        role="presentation"
        hidden={!open}
        onMouseDown={(event) => event.preventDefault()}
      >
        {shown.heading && <div className="search-list-heading">{shown.heading}</div>}
        <div ref={listRef} id={listId} role="listbox" aria-label={label} className="search-list-options">
          {options.map((option, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (aria-activedescendant).
            // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the input; a focusable row would take it on a tap.
            <div
              key={option.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              className={option.branch ? 'search-list-option search-list-branch' : 'search-list-option'}
              onClick={() => choose(option)}
            >
              {option.content}
            </div>
          ))}
        </div>
        {shown.note && (
          <p className="search-list-note" role="status">
            {shown.note}
          </p>
        )}
      </div>
    </div>
  );
}

/** `text` with the parts a search matched marked: `ranges` are [start, end) offsets, in order, not overlapping. */
export function Marked({ text, ranges }: { text: string; ranges: readonly (readonly [number, number])[] }) {
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
