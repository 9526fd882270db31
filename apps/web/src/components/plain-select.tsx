/**
 * A native select styled in app.css (`.plain-select`) for the header's switches: Mantine's input components would add
 * 3 KB to the landing page's first download for these two controls.
 */
export function PlainSelect<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  width: number;
}) {
  return (
    <select
      className="plain-select"
      style={{ width: props.width }}
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value as T)}
    >
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
