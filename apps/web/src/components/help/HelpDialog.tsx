/** The help dialog of spec §1: a video, then What / Why / Tips / Examples and a final word. */
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { HELP_CONTENT } from '../../help/content';
import { HELP_TITLES, type HelpTopic } from '../../help/topics';
import { HelpTable } from './HelpTable';
import { HelpVideo } from './HelpVideo';

interface HelpDialogProps {
  topic: HelpTopic;
  open: boolean;
  onClose: () => void;
}

export function HelpDialog({ topic, open, onClose }: HelpDialogProps) {
  const titleId = useId();
  const title = HELP_TITLES[topic];
  const content = HELP_CONTENT[topic];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close help" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      {/* Focusable, so the keyboard can scroll a long help text (WCAG 2.1.1). */}
      <DialogContent dividers tabIndex={0}>
        <HelpVideo topic={topic} title={title} />
        <HelpTable content={content} />
        {content.finalWord && (
          <Box sx={{ mt: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
            <Typography variant="subtitle2" component="h3">
              Final word
            </Typography>
            <Typography variant="body2">{content.finalWord}</Typography>
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
