import { act, renderHook } from '@testing-library/react';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { useMountedWhileOpen } from '@/lib/use-mounted-while-open';
import { compileHints } from '../vite.config';

describe('a dialog is mounted only from its opening until it has closed (ADR 054)', () => {
  it('is not mounted before it opens, stays for its closing animation, then goes', () => {
    const { result, rerender } = renderHook(({ open }) => useMountedWhileOpen(open), {
      initialProps: { open: false },
    });
    expect(result.current.mounted).toBe(false);
    rerender({ open: true });
    expect(result.current.mounted).toBe(true);
    rerender({ open: false });
    expect(result.current.mounted).toBe(true);
    act(() => result.current.afterClose());
    expect(result.current.mounted).toBe(false);
    rerender({ open: true });
    expect(result.current.mounted).toBe(true);
  });
});

describe('every chunk asks V8 to compile its functions as it streams in (ADR 054)', () => {
  it('puts the hint on the first line, above what Vite wrote there, and moves a source map down a line', () => {
    const bundle = {
      'assets/main.js': {
        type: 'chunk',
        fileName: 'assets/main.js',
        code: 'const __vite__mapDeps=()=>[];\nexport const a=1;',
        map: { mappings: 'AAAA' },
      },
      'assets/main.js.map': {
        type: 'asset',
        fileName: 'assets/main.js.map',
        source: '{"mappings":"AAAA;AACA"}',
      },
      'assets/main.css': { type: 'asset', fileName: 'assets/main.css', source: '.a{}' },
    } as unknown as Rollup.OutputBundle;
    const hook = compileHints().generateBundle as {
      handler: (this: Rollup.PluginContext, options: unknown, bundle: Rollup.OutputBundle) => void;
    };
    hook.handler.call({} as Rollup.PluginContext, {}, bundle);
    const chunk = bundle['assets/main.js'] as unknown as { code: string; map: { mappings: string } };
    expect(chunk.code.split('\n').slice(0, 2)).toEqual([
      '//# allFunctionsCalledOnLoad',
      'const __vite__mapDeps=()=>[];',
    ]);
    expect(chunk.map.mappings).toBe(';AAAA');
    expect(JSON.parse((bundle['assets/main.js.map'] as unknown as { source: string }).source)).toEqual({
      mappings: ';AAAA;AACA',
    });
    expect((bundle['assets/main.css'] as unknown as { source: string }).source).toBe('.a{}');
  });
});
