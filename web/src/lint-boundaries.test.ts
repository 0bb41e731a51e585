// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Lints code as if it sat at a path of the real tree, with the repository's own eslint.config.js. The
// imported targets exist, so a pass here also proves the resolver finds `.ts`/`.tsx` files: an unresolved
// import would be allowed silently and the "refused" cases would fail.
const repoRoot = decodeURIComponent(new URL('../../', import.meta.url).pathname);
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('web layer boundaries (eslint-plugin-boundaries)', () => {
  it.each([
    [
      'web/src/features/orders/quick-sale.ts',
      "import { parseMoneyInput } from '../payments/money-input.ts';",
    ],
    [
      'web/src/features/orders/view/panel.ts',
      "import { parseMoneyInput } from '../../payments/money-input.ts';",
    ],
    [
      'web/src/features/orders/panel.ts',
      "import { parseMoneyInput } from '../../features/payments/money-input.ts';",
    ],
    [
      'web/src/features/orders/view/panel.ts',
      "import { parseMoneyInput } from '../../../features/payments/money-input.ts';",
    ],
    ['web/src/features/orders/view/panel.ts', "import type { Thing } from '../../payments/money-input.ts';"],
    [
      'web/src/features/orders/panel.tsx',
      "export { ExportButton } from '../customers/components/customer-list.tsx';",
    ],
  ])('refuses a feature importing another feature: %s %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([
      'Features must not import each other or app/; compose them in web/src/app.',
    ]);
  });

  it('refuses a feature importing app/', async () => {
    expect(
      await boundaryErrors('web/src/features/orders/panel.ts', "import '../../app/route-table.ts';"),
    ).toHaveLength(1);
  });

  it('allows a feature its own files, lib, components and, in tests, testing', async () => {
    const allowed: [string, string][] = [
      ['web/src/features/orders/panel.ts', "import { orderKinds } from './order-kind.ts';"],
      ['web/src/features/orders/view/panel.ts', "import { orderKinds } from '../order-kind.ts';"],
      ['web/src/features/orders/view/panel.ts', "import { orderKinds } from '../../orders/order-kind.ts';"],
      ['web/src/features/orders/panel.ts', "import { formatDate } from '../../lib/format.ts';"],
      ['web/src/features/orders/panel.tsx', "import { ListPager } from '../../components/list-pager.tsx';"],
      ['web/src/features/orders/panel.test.ts', "import '../../testing/setup.ts';"],
      ['web/src/features/orders/panel.ts', "import { useQuery } from '@tanstack/react-query';"],
    ];
    for (const [filePath, code] of allowed) {
      expect(await boundaryErrors(filePath, code), `${filePath}: ${code}`).toEqual([]);
    }
  });

  it('refuses web/src/testing outside tests', async () => {
    expect(
      await boundaryErrors('web/src/features/orders/panel.ts', "import '../../testing/setup.ts';"),
    ).toEqual(['Only tests import web/src/testing.']);
  });

  it('refuses shared code importing a feature or app/, and lets app/ compose features', async () => {
    const message = 'Shared code (components, lib, types, testing) must not import features or app/.';
    expect(
      await boundaryErrors('web/src/components/panel.tsx', "import '../features/payments/money-input.ts';"),
    ).toEqual([message]);
    expect(
      await boundaryErrors('web/src/lib/helper.ts', "import '../features/payments/money-input.ts';"),
    ).toEqual([message]);
    expect(await boundaryErrors('web/src/components/panel.tsx', "import '../app/route-table.ts';")).toEqual([
      message,
    ]);
    expect(
      await boundaryErrors('web/src/app/pages/page.tsx', "import '../../features/payments/money-input.ts';"),
    ).toEqual([]);
  });
}, 60_000);
