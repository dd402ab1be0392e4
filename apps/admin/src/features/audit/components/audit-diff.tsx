import type { AuditEntry } from '@shop/domain';

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function show(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/**
 * An audit row's values before and after, side by side: field by field where they are objects (the changed
 * fields marked), else the two values whole. A created object has no 'before', a deleted one no 'after'.
 */
export function AuditDiff({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const { before, after } = entry;
  if (before == null && after == null) return <p className="audit-empty">此操作没有记录修改前后的内容。</p>;
  if ((before == null || isPlain(before)) && (after == null || isPlain(after))) {
    const was = before ?? {};
    const now = after ?? {};
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return (
      <table className="audit-diff">
        <thead>
          <tr>
            <th scope="col">字段</th>
            <th scope="col">修改前</th>
            <th scope="col">修改后</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const changed = show(was[key]) !== show(now[key]);
            return (
              <tr
                key={key}
                className={changed ? 'audit-changed' : undefined}
                data-changed={changed || undefined}
              >
                <th scope="row">{key}</th>
                <td>
                  <pre>{show(was[key])}</pre>
                </td>
                <td>
                  <pre>{show(now[key])}</pre>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  }
  return (
    <div className="audit-sides">
      <section>
        <h4>修改前</h4>
        <pre>{show(before) || '—'}</pre>
      </section>
      <section>
        <h4>修改后</h4>
        <pre>{show(after) || '—'}</pre>
      </section>
    </div>
  );
}
