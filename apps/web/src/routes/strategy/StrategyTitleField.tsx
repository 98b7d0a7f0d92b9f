/** The strategy title: plain single-line text, saved as the user types (spec §2, §5). */
import { LIMITS, MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import InputBase from '@mui/material/InputBase';
import { useEffect, useId, useState } from 'react';
import { staleText } from '../../api/staleEdits';
import { failureMessage, useStrategySaves } from '../../api/strategies';
import { EditConflict, plainText } from '../../components/EditConflict';
import { HelpButton } from '../../components/help/HelpButton';
import { LockableField } from '../../components/LockableField';
import { useAutosave } from '../../lib/autosave/useAutosave';
import { useFieldLock } from '../../realtime/useFieldLock';
import { strategyTitleProblem } from './fieldRules';
import { SectionHeading } from './SectionHeading';
import { useStrategyEditing } from './strategyEditing';

export function StrategyTitleField({ title, version }: { title: string; version: number }) {
  const { strategyId, isMaster, preview } = useStrategyEditing();
  const saves = useStrategySaves(strategyId);
  const autosave = useAutosave<string>({
    fieldKey: 'strategy:title',
    stored: { value: title, version },
    save: async (value, base) => {
      const saved = await saves.strategy({ title: value }, base);
      return { value: saved.title, version: saved.version };
    },
    staleEdit: (error) => staleText(error, 'title'),
    validate: strategyTitleProblem,
    describeFailure: (error) => failureMessage('updateStrategy', error),
  });
  const fieldLock = useFieldLock('strategy', strategyId, 'title', { canEdit: isMaster, preview });
  const [text, setText] = useState(title);
  const helperId = useId();

  // A newer title from the server is shown unless the user is typing or an edit is unsaved; one
  // that arrived during typing is shown when the field is left.
  const { shown, revert, settled } = autosave;
  useEffect(() => {
    if (fieldLock.editing || !settled) return;
    setText(title);
    revert();
    shown(title);
  }, [title, settled, shown, revert, fieldLock.editing]);

  const edit = (value: string) => {
    // One line: pasted line breaks become spaces (Enter itself is refused below).
    const oneLine = value.replace(/\s*[\r\n]+\s*/g, ' ');
    setText(oneLine);
    autosave.change(oneLine);
  };
  const atLimit = [...text].length >= LIMITS.title;

  return (
    <Box component="section" aria-labelledby="strategy-title-heading">
      <SectionHeading id="strategy-title-heading" help={<HelpButton topic="strategy" />}>
        Strategy
      </SectionHeading>
      <LockableField lock={fieldLock.lock} editedBy={fieldLock.editedBy}>
        {(locked) => (
          <InputBase
            value={text}
            readOnly={preview || locked}
            placeholder={STRATEGY_MESSAGES.untitledStrategy}
            fullWidth
            multiline
            inputProps={{
              'aria-label': 'Strategy title',
              'aria-describedby': helperId,
              maxLength: LIMITS.title,
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            onFocus={fieldLock.onFocus}
            onBlur={fieldLock.onBlur}
            onChange={(event) => edit(event.target.value)}
            sx={(theme) => ({
              ...theme.typography.h1,
              p: 0,
              '& textarea': {
                px: 1,
                mx: -1,
                py: 0.5,
                borderRadius: 1,
                border: '1px solid transparent',
              },
              ...(preview || locked
                ? {}
                : {
                    '& textarea:hover': { bgcolor: 'action.hover' },
                    '& textarea:focus': { borderColor: 'primary.main', bgcolor: 'background.paper' },
                  }),
            })}
          />
        )}
      </LockableField>
      <FormHelperText id={helperId} error={autosave.error !== null}>
        {autosave.error ?? (atLimit && !preview ? MESSAGES.charactersReached : null)}
      </FormHelperText>
      {autosave.conflict && <EditConflict conflict={autosave.conflict} render={plainText} />}
    </Box>
  );
}
