/** A textarea with a line-number gutter that scrolls with it (the value editor of §2). */
import { useRef, type ChangeEvent } from 'react';

export function CodeTextarea(props: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const gutter = useRef<HTMLPreElement>(null);
  const lines = Math.max(1, props.value.split('\n').length);
  return (
    <div className={`code-textarea${props.invalid ? ' is-invalid' : ''}`}>
      <pre className="code-gutter" aria-hidden="true" ref={gutter}>
        {Array.from({ length: lines }, (_, i) => i + 1).join('\n')}
      </pre>
      <textarea
        id={props.id}
        name="value"
        rows={8}
        spellCheck={false}
        value={props.value}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        data-testid="tr-value"
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => props.onChange(e.target.value)}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}
