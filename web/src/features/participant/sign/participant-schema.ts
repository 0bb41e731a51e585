import type { DefinitionQuestion, ParticipantRequiredField } from '@nine/shared/schemas/tours/participants';
import { publicParticipantInput } from '@nine/shared/schemas/tours/public';

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The shared participant schema plus what this booking's location and tour ask for: the required fields of
 * its settings and the required questions. The server checks the same settings; this says so before sending.
 */
export function participantSchemaFor(
  required: readonly ParticipantRequiredField[],
  questions: readonly DefinitionQuestion[],
) {
  return publicParticipantInput.superRefine(
    (parsed, ctx) => {
      // Runs even when a name is missing too, so every missing field shows at once; fields that failed
      // their own rule may be absent then.
      const values: Partial<typeof parsed> = parsed;
      const need = (path: string) => ctx.addIssue({ code: 'custom', message: 'required', path: [path] });
      if (required.includes('birth_date') && blank(values.birth_date)) need('birth_date');
      if (required.includes('email') && blank(values.email)) need('email');
      if (required.includes('phone') && blank(values.phone)) need('phone');
      if (required.includes('emergency_contact')) {
        if (blank(values.emergency_name)) need('emergency_name');
        if (blank(values.emergency_phone)) need('emergency_phone');
      }
      for (const question of questions) {
        const answer = values.answers?.[String(question.id)];
        if (question.required && (blank(answer) || (question.kind !== 'yes_no' && answer === false)))
          ctx.addIssue({ code: 'custom', message: 'required', path: ['answers', String(question.id)] });
      }
    },
    { when: () => true },
  );
}

/** Whole years between a birth date (YYYY-MM-DD) and today; null when there is no date. */
export function ageOn(birthDate: string | null | undefined, today: Date = new Date()): number | null {
  const m = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}

/** A waiver is signed by a guardian for an age group that says so, or for anyone under 18. */
export const ADULT_AGE = 18;
