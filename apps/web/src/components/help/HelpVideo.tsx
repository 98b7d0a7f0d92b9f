/**
 * The video at the top of a help dialog (spec §1): the organisation's own choice when its
 * administrators made one (framed through the app's player page, whose policy allows that host
 * alone), else the built-in screencast. Either way with a text of what it shows, for people who
 * cannot watch it. Nothing plays by itself, and the built-in video downloads only when played.
 */
import { type HelpVideo as ChosenVideo, HELP_VIDEO_LABELS, type HelpTopic } from '@keystone/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useHelpVideos } from '../../api/helpVideos';
import { builtInVideo } from '../../help/videos';

const frameSx = { display: 'block', width: '100%', aspectRatio: '16 / 10', border: 0, borderRadius: 1 };

export function HelpVideo({ topic, title }: { topic: HelpTopic; title: string }) {
  const chosen = useHelpVideos();
  // Held until the choice is known, so the built-in video is not swapped under the reader's eyes.
  if (chosen.isPending) return <Skeleton variant="rounded" sx={{ ...frameSx, height: 'auto', mb: 2 }} />;
  const own = chosen.data?.find((video) => video.topic === topic);
  return own ? <OrganisationVideo video={own} title={title} /> : <BuiltInVideo topic={topic} title={title} />;
}

function OrganisationVideo({ video, title }: { video: ChosenVideo; title: string }) {
  return (
    <Box component="figure" sx={{ m: 0, mb: 2 }}>
      <Box
        component="iframe"
        src={video.player_url}
        title={`${title}: video`}
        loading="lazy"
        allow="fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        sx={{ ...frameSx, bgcolor: 'common.black' }}
      />
      <Typography component="figcaption" variant="body2" sx={{ mt: 1 }}>
        {video.description || `${HELP_VIDEO_LABELS.chosenVideo} ${HELP_VIDEO_LABELS.noDescription}`}{' '}
        <Link href={video.address} target="_blank" rel="noopener noreferrer">
          {HELP_VIDEO_LABELS.openVideo}
        </Link>
      </Typography>
    </Box>
  );
}

function BuiltInVideo({ topic, title }: { topic: HelpTopic; title: string }) {
  const descriptionId = useId();
  const video = builtInVideo(topic);
  if (!video) return null;
  return (
    <Box component="figure" sx={{ m: 0, mb: 2 }}>
      <Box
        component="video"
        controls
        preload="none"
        poster={video.poster}
        aria-label={`${title}: video`}
        aria-describedby={descriptionId}
        sx={{ ...frameSx, bgcolor: 'grey.100' }}
      >
        <source src={video.src} type="video/webm" />
      </Box>
      <Typography component="figcaption" id={descriptionId} variant="body2" sx={{ mt: 1 }}>
        <strong>{HELP_VIDEO_LABELS.videoShows}</strong> {video.description}
      </Typography>
    </Box>
  );
}
