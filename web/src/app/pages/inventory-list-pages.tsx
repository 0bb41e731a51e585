import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ExportButton } from '../../components/export-dialog.tsx';
import type { InventoryKind } from '../../features/inventory/api/get-inventory.ts';
import { ImportDialog } from '../../features/inventory/components/import-dialog.tsx';
import { InventoryList } from '../../features/inventory/components/inventory-list.tsx';
import { ProductFormDialog } from '../../features/inventory/components/product-form-dialog.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useInventoryScreen } from './inventory-screen.ts';

const DETAIL = { rent: 'rentInventoryDetail', sale: 'saleInventoryDetail' } as const;

function InventoryListPage({ kind }: { kind: InventoryKind }) {
  const { t } = useAppTranslation();
  const screen = useInventoryScreen();
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const title = t(kind === 'rent' ? 'inventory:titles.rent' : 'inventory:titles.sale');
  return (
    <>
      <InventoryList
        key={`${kind}:${screen.locationId}`}
        kind={kind}
        title={title}
        locationId={screen.locationId}
        currencySymbol={screen.currencySymbol}
        defaultPageSize={screen.itemsPerPage}
        productHref={(id) => pathWith(DETAIL[kind], { id })}
        toolbar={(params) => (
          <>
            {screen.canChange && (
              <>
                <Button onClick={() => setCreating(true)}>{t('inventory:actions.new_product')}</Button>
                <Button variant="outline" onClick={() => setImporting(true)}>
                  {t('inventory:actions.import')}
                </Button>
              </>
            )}
            <ExportButton
              source={`${kind}-inventory`}
              filters={params}
              defaultDescription={title}
              downloadCenterHref={pathTo('downloadCenter')}
            />
          </>
        )}
      />
      {creating && (
        <ProductFormDialog
          kind={kind}
          open
          onClose={() => setCreating(false)}
          onSaved={(product) => navigate(pathWith(DETAIL[kind], { id: product.id }))}
        />
      )}
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

export function RentInventoryPage() {
  return <InventoryListPage kind="rent" />;
}

export function SaleInventoryPage() {
  return <InventoryListPage kind="sale" />;
}
