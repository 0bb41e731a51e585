import {
  Button,
  Checkbox,
  CloseButton,
  Field,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
  Wrap,
} from '@chakra-ui/react';
import { useId, useState } from 'react';
import { formatDay, formatDayName } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import {
  MAX_RULE_INTERVAL,
  ruleFrequencies,
  ruleWeekdays,
  toggleExceptionDay,
  type RepeatRule,
  type RuleFrequency,
  type RuleWeekday,
} from './rrule-rule.ts';

// 2024-01-01 was a Monday: the names of the week follow from it in the interface language.
const weekdayName = (index: number, width: 'long' | 'short') =>
  formatDayName({ year: 2024, month: 1, day: 1 + index }, 'weekday', width);

function NumberInput(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{props.label}</Field.Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        value={Number.isNaN(props.value) ? '' : props.value}
        onChange={(event) =>
          props.onChange(event.currentTarget.value === '' ? Number.NaN : Number(event.currentTarget.value))
        }
      />
    </Field.Root>
  );
}

/**
 * How a schedule repeats: every n days, weeks on chosen weekdays, or months on a day of the month. The
 * rule string itself (RRULE) is written by `buildRrule`; `error` is the form's word on it.
 */
export function RruleBuilder({
  rule,
  onChange,
  error,
}: {
  rule: RepeatRule;
  onChange(rule: RepeatRule): void;
  error?: string | undefined;
}) {
  const { t } = useAppTranslation();
  const frequencyId = useId();
  const errorId = useId();
  const toggleDay = (day: RuleWeekday, on: boolean) =>
    onChange({ ...rule, weekdays: on ? [...rule.weekdays, day] : rule.weekdays.filter((d) => d !== day) });

  return (
    <Fieldset.Root invalid={error !== undefined} aria-describedby={error === undefined ? undefined : errorId}>
      <Fieldset.Legend fontWeight="medium">{t('tours:events.schedule.repeat')}</Fieldset.Legend>
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Field.Root>
            <Field.Label htmlFor={frequencyId}>{t('tours:events.schedule.frequency')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={frequencyId}
                value={rule.frequency}
                onChange={(event) =>
                  onChange({ ...rule, frequency: event.currentTarget.value as RuleFrequency })
                }
              >
                {ruleFrequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(`tours:events.schedule.frequency_${frequency}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <NumberInput
            label={t(`tours:events.schedule.interval_${rule.frequency}`)}
            value={rule.interval}
            min={1}
            max={MAX_RULE_INTERVAL}
            onChange={(interval) => onChange({ ...rule, interval })}
          />
        </SimpleGrid>
        {rule.frequency === 'weekly' && (
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm">{t('tours:events.schedule.weekdays')}</Fieldset.Legend>
            <Wrap gap="3">
              {ruleWeekdays.map((day, index) => (
                <Checkbox.Root
                  key={day}
                  size="sm"
                  checked={rule.weekdays.includes(day)}
                  onCheckedChange={(details) => toggleDay(day, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    <span aria-hidden="true">{weekdayName(index, 'short')}</span>
                    <VisuallyHidden>{weekdayName(index, 'long')}</VisuallyHidden>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          </Fieldset.Root>
        )}
        {rule.frequency === 'monthly' && (
          <NumberInput
            label={t('tours:events.schedule.month_day')}
            value={rule.monthDay}
            min={1}
            max={31}
            onChange={(monthDay) => onChange({ ...rule, monthDay })}
          />
        )}
      </Stack>
      {error !== undefined && (
        <Text id={errorId} color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Fieldset.Root>
  );
}

/** Days the rule would give that get no event: picked one by one, listed in date order, each removable. */
export function ExceptionDays({
  days,
  onChange,
  min,
  max,
}: {
  days: readonly string[];
  onChange(days: string[]): void;
  min?: string | undefined;
  max?: string | undefined;
}) {
  const { t } = useAppTranslation();
  const id = useId();
  const [day, setDay] = useState('');
  const add = () => {
    if (day === '' || days.includes(day)) return;
    onChange(toggleExceptionDay(days, day));
    setDay('');
  };
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label htmlFor={id}>{t('tours:events.schedule.exception_day')}</Field.Label>
        <HStack gap="2">
          <Input
            id={id}
            type="date"
            min={min}
            max={max}
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="outline" onClick={add} disabled={day === ''}>
            {t('tours:events.schedule.add_exception')}
          </Button>
        </HStack>
      </Field.Root>
      {days.length > 0 && (
        <Wrap as="ul" aria-label={t('tours:events.schedule.exceptions')} gap="2" listStyleType="none">
          {days.map((d) => (
            <HStack as="li" key={d} gap="1" ps="2" borderWidth="1px" borderRadius="md">
              <Text fontSize="sm">{formatDay(d)}</Text>
              <CloseButton
                size="2xs"
                aria-label={t('tours:events.schedule.remove_exception', { day: formatDay(d) })}
                onClick={() => onChange(toggleExceptionDay(days, d))}
              />
            </HStack>
          ))}
        </Wrap>
      )}
    </Stack>
  );
}
