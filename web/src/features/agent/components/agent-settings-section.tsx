import {
  Box,
  Button,
  Checkbox,
  DataList,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import type { ScannerInfo } from '@nine/shared/agent-protocol';
import { agentAddressForm } from '@nine/shared/schemas/agent-address';
import { describedBy, FieldShell, useFieldIds } from '../../../components/form/fields.tsx';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { useResetOnOpen, useSchemaForm, type SchemaForm } from '../../../components/form/use-schema-form.ts';
import { formatTime } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useActivePrinter, useAgentActor, useAgentPhase, useAgentSelector } from '../agent-context.tsx';
import {
  MAX_SCANNER_AFFIX,
  PAPER_WIDTHS,
  announcedAgentUrl,
  effectiveAgentUrl,
  updateAgentSettings,
  useAgentSettings,
  type PaperWidth,
} from '../agent-settings.ts';
import { agentBadge, badgeText } from '../agent-status.ts';
import { ReceiptPrintButton } from '../printing/receipt-print-button.tsx';
import { buildTestReceipt } from '../printing/test-receipt.ts';
import { useScanner, type Scan } from '../scanning/use-scanner.ts';
import { PairingForm } from './pairing-form.tsx';
import { DataListEntry } from '../../../components/data-list-entry.tsx';

const NO_SCANNERS: readonly ScannerInfo[] = [];

/** The address as typed, in the agent's monospace, without the spell checker's marks. */
function AddressField({
  form,
  helperText,
}: {
  form: SchemaForm<{ url: string }, { url: string }>;
  helperText: string;
}) {
  const { t } = useAppTranslation();
  const { field, fieldState } = useController({ control: form.control, name: 'url' });
  const ids = useFieldIds();
  const error = fieldState.error?.message;
  return (
    <Box maxW="md" width="full">
      <FieldShell label={t('agent:settings.address')} helperText={helperText} ids={ids} error={error}>
        <Input
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          aria-describedby={describedBy(ids, error, helperText)}
          spellCheck={false}
          autoComplete="off"
          fontFamily="mono"
        />
      </FieldShell>
    </Box>
  );
}

function AddressForm({ automaticUrl }: { automaticUrl: string }) {
  const { t } = useAppTranslation();
  const actor = useAgentActor();
  const settings = useAgentSettings();
  const form = useSchemaForm(agentAddressForm, {
    defaultValues: { url: settings.url ?? automaticUrl },
    messages: { url: 'agent:settings.address_invalid' },
  });
  // The address shown follows the one chosen here, else the one found, until the clerk types another.
  useResetOnOpen(form, {
    open: true,
    record: settings.url ?? automaticUrl,
    values: () => ({ url: settings.url ?? automaticUrl }),
  });

  return (
    <SubmitForm
      onSubmit={form.handleSubmit(({ url }) => {
        updateAgentSettings({ url });
        form.reset({ url });
        actor.send({ type: 'SET_URL', url });
        actor.send({ type: 'RETRY' });
      })}
    >
      <Stack gap="3" align="flex-start">
        <AddressField
          form={form}
          helperText={
            settings.url === null
              ? t('agent:settings.address_automatic')
              : t('agent:settings.address_hint', { url: automaticUrl })
          }
        />
        <HStack gap="3" wrap="wrap">
          <Button type="submit" variant="outline">
            {t('agent:settings.connect')}
          </Button>
          {settings.url !== null && (
            <Button
              variant="ghost"
              onClick={() => {
                updateAgentSettings({ url: null });
                form.reset({ url: automaticUrl });
                actor.send({ type: 'SET_URL', url: automaticUrl });
                actor.send({ type: 'RETRY' });
              }}
            >
              {t('agent:settings.use_default')}
            </Button>
          )}
        </HStack>
      </Stack>
    </SubmitForm>
  );
}

function Connection() {
  const { t } = useAppTranslation();
  const actor = useAgentActor();
  const phase = useAgentPhase();
  const agent = useAgentSelector((s) => s.context.agent);
  const { printer, status } = useActivePrinter();
  const paired = phase === 'ready';

  return (
    <Stack gap="4">
      <DataList.Root orientation="horizontal" size="sm">
        <DataListEntry label={t('agent:settings.status')}>
          {badgeText(t, agentBadge(phase, printer, status))}
        </DataListEntry>
        {agent !== null && phase !== 'disconnected' && (
          <DataListEntry label={t('agent:settings.agent')}>
            {t(agent.simulated ? 'agent:settings.agent_simulated' : 'agent:settings.agent_value', {
              name: agent.name,
              version: agent.version,
            })}
          </DataListEntry>
        )}
        <DataListEntry label={t('agent:settings.pairing')}>
          {paired ? t('agent:settings.paired') : t('agent:settings.not_paired')}
        </DataListEntry>
      </DataList.Root>
      {phase === 'pairing' && (
        <Stack gap="2">
          <Text color="fg.muted">{t('agent:pairing.intro')}</Text>
          <PairingForm />
        </Stack>
      )}
      {paired && (
        <Stack gap="1" align="flex-start">
          <Button variant="outline" colorPalette="red" onClick={() => actor.send({ type: 'FORGET' })}>
            {t('agent:settings.forget')}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('agent:settings.forget_hint')}
          </Text>
        </Stack>
      )}
      {(phase === 'disconnected' || phase === 'off') && (
        <Stack gap="1" align="flex-start">
          <Text color="fg.muted">{t('agent:dialog.not_connected_hint')}</Text>
          <Button variant="outline" onClick={() => actor.send({ type: 'RETRY' })}>
            {t('agent:dialog.retry')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function PrinterSettings({ currency }: { currency: string }) {
  const { t } = useAppTranslation();
  const settings = useAgentSettings();
  const agent = useAgentSelector((s) => s.context.agent);
  const phase = useAgentPhase();
  const { printer } = useActivePrinter();
  const [openDrawer, setOpenDrawer] = useState(false);
  const printers = phase === 'ready' ? (agent?.printers ?? []) : [];

  return (
    <Stack gap="4">
      <Field.Root disabled={printers.length === 0}>
        <Field.Label>{t('agent:settings.printer')}</Field.Label>
        <NativeSelect.Root maxW="md">
          <NativeSelect.Field
            value={printer?.id ?? ''}
            onChange={(event) => updateAgentSettings({ printerId: event.currentTarget.value || null })}
          >
            {printers.length === 0 && <option value="">{t('agent:settings.printer_none')}</option>}
            {printers.map((option) => (
              <option key={option.id} value={option.id}>
                {t('agent:settings.printer_option', {
                  name: option.name,
                  width: option.paperWidthMm,
                  columns: option.columns,
                })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{t('agent:settings.printer_hint')}</Field.HelperText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('agent:settings.paper_width')}</Field.Label>
        <NativeSelect.Root maxW="md">
          <NativeSelect.Field
            value={String(settings.paperWidthMm)}
            onChange={(event) =>
              updateAgentSettings({ paperWidthMm: Number(event.currentTarget.value) as PaperWidth })
            }
          >
            {PAPER_WIDTHS.map((width) => (
              <option key={width} value={width}>
                {t(`agent:settings.paper_widths.${width}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{t('agent:settings.paper_width_hint')}</Field.HelperText>
      </Field.Root>
      <HintedCheckbox
        label={t('agent:settings.test_drawer')}
        hint={t('agent:settings.test_drawer_hint')}
        checked={openDrawer}
        onChange={setOpenDrawer}
      />
      <ReceiptPrintButton
        via="agent"
        openDrawer={openDrawer}
        receipt={() =>
          buildTestReceipt({
            t,
            locale: currentLanguage(),
            currency,
            agent: phase === 'ready' ? agent : null,
            printer: phase === 'ready' ? printer : null,
            paperWidthMm: settings.paperWidthMm,
            now: new Date(),
          })
        }
      >
        {t('agent:settings.test_print')}
      </ReceiptPrintButton>
    </Stack>
  );
}

function LastScan() {
  const { t } = useAppTranslation();
  const [scan, setScan] = useState<Scan | null>(null);
  const agentScanners = useAgentSelector((s) => s.context.agent?.scanners ?? NO_SCANNERS);
  useScanner(setScan);

  const time = scan === null ? '' : formatTime(scan.at, currentLanguage(), 'second');
  const scanner =
    scan?.source === 'agent'
      ? (agentScanners.find((s) => s.id === scan.scannerId)?.name ?? scan.scannerId ?? '')
      : '';
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{t('agent:scan.last')}</Text>
      <Text role="status" aria-live="polite" aria-label={t('agent:scan.last')}>
        {scan === null ? (
          <Text as="span" color="fg.muted">
            {t('agent:scan.none')}
          </Text>
        ) : (
          <>
            <Text as="span" fontFamily="mono" fontWeight="semibold" data-testid="last-scan-code">
              {scan.code}
            </Text>{' '}
            <Text as="span" color="fg.muted">
              {scan.source === 'agent'
                ? t('agent:scan.from_agent', { scanner, time })
                : t('agent:scan.from_keyboard', { time })}
            </Text>
          </>
        )}
      </Text>
    </Stack>
  );
}

function AffixField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root maxW="xs">
      <Field.Label>{label}</Field.Label>
      <Input
        value={value}
        maxLength={MAX_SCANNER_AFFIX}
        onChange={(event) => onChange(event.currentTarget.value)}
        spellCheck={false}
        autoComplete="off"
        fontFamily="mono"
      />
      <Field.HelperText>{hint}</Field.HelperText>
    </Field.Root>
  );
}

/** A device setting's checkbox, described by the hint under it. */
function HintedCheckbox(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const hintId = useId();
  return (
    <Stack gap="1">
      <Checkbox.Root
        checked={props.checked}
        onCheckedChange={(details) => props.onChange(details.checked === true)}
      >
        <Checkbox.HiddenInput aria-describedby={hintId} />
        <Checkbox.Control />
        <Checkbox.Label>{props.label}</Checkbox.Label>
      </Checkbox.Root>
      <Text id={hintId} fontSize="sm" color="fg.muted" ps="7">
        {props.hint}
      </Text>
    </Stack>
  );
}

function ScannerSettings() {
  const { t } = useAppTranslation();
  const settings = useAgentSettings();
  const scanners = useAgentSelector((s) => s.context.agent?.scanners ?? NO_SCANNERS);
  const phase = useAgentPhase();

  return (
    <Stack gap="4">
      <HintedCheckbox
        label={t('agent:settings.wedge')}
        hint={t('agent:settings.wedge_hint')}
        checked={settings.wedgeEnabled}
        onChange={(wedgeEnabled) => updateAgentSettings({ wedgeEnabled })}
      />
      <HStack gap="4" align="flex-start" wrap="wrap">
        <AffixField
          label={t('agent:settings.prefix')}
          hint={t('agent:settings.prefix_hint')}
          value={settings.scannerPrefix}
          onChange={(scannerPrefix) => updateAgentSettings({ scannerPrefix })}
        />
        <AffixField
          label={t('agent:settings.suffix')}
          hint={t('agent:settings.suffix_hint')}
          value={settings.scannerSuffix}
          onChange={(scannerSuffix) => updateAgentSettings({ scannerSuffix })}
        />
      </HStack>
      {phase === 'ready' && (
        <Text fontSize="sm" color="fg.muted">
          {scanners.length === 0
            ? t('agent:settings.agent_scanners_none')
            : t('agent:settings.agent_scanners', { names: scanners.map((s) => s.name).join(', ') })}
        </Text>
      )}
      <LastScan />
    </Stack>
  );
}

export interface AgentSettingsSectionProps {
  /** ISO 4217 code of the location's currency, for the test receipt. */
  currency: string;
  /** The agent port the server announces (GET /api/nine/agent-endpoint); null when none. */
  announcedPort?: number | null;
}

/** Local settings of the counter hardware: the agent, its pairing, the printer and the scanners. */
export function AgentSettingsSection({ currency, announcedPort = null }: AgentSettingsSectionProps) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const printerId = useId();
  const scannerId = useId();

  return (
    <Stack as="section" aria-labelledby={headingId} gap="6" maxW="xl">
      <Stack gap="1">
        <Heading as="h2" size="lg" id={headingId}>
          {t('agent:settings.heading')}
        </Heading>
        <Text color="fg.muted">{t('agent:settings.intro')}</Text>
      </Stack>
      <AddressForm automaticUrl={effectiveAgentUrl(null, announcedAgentUrl(announcedPort))} />
      <Connection />
      <Separator />
      <Stack as="section" aria-labelledby={printerId} gap="4">
        <Heading as="h3" size="md" id={printerId}>
          {t('agent:settings.printer_heading')}
        </Heading>
        <PrinterSettings currency={currency} />
      </Stack>
      <Separator />
      <Stack as="section" aria-labelledby={scannerId} gap="4">
        <Heading as="h3" size="md" id={scannerId}>
          {t('agent:settings.scanner_heading')}
        </Heading>
        <ScannerSettings />
      </Stack>
    </Stack>
  );
}
