import { useState } from 'react';
import { IconBox, IconPlay, IconTruck } from './icons';
import classes from './video-facade.module.css';

export interface VideoFacadeProps {
  youtubeId: string;
  /** Names the video for the play button and the player frame. */
  title: string;
  /** Shown on the poster, e.g. "2 min". */
  duration?: string;
}

/**
 * A drawn poster that loads nothing from YouTube until a person presses play; then the
 * privacy-enhanced player (youtube-nocookie.com, allowed by our CSP) starts playing.
 */
export function VideoFacade({ youtubeId, title, duration }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className={classes.frame}>
        <iframe
          className={classes.player}
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0&hl=es-419`}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <button type="button" className={`${classes.frame} ${classes.poster}`} onClick={() => setPlaying(true)}>
      <span className={classes.scene} aria-hidden="true">
        <span className={classes.road} />
        <span className={classes.truck}>
          <IconTruck size={72} strokeWidth={1.4} />
        </span>
        <span className={classes.boxA}>
          <IconBox size={40} strokeWidth={1.5} />
        </span>
        <span className={classes.boxB}>
          <IconBox size={28} strokeWidth={1.6} />
        </span>
      </span>
      <span className={classes.play} aria-hidden="true">
        <IconPlay size={30} />
      </span>
      <span className={classes.caption}>
        <span className={classes.captionTitle}>
          <span className={classes.srOnly}>Reproducir video: </span>
          {title}
        </span>
        {duration && <span className={classes.captionMeta}>{duration}</span>}
      </span>
    </button>
  );
}
