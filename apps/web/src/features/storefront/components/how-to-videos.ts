/** The how-to videos of a site's settings: video_member / video_employer and their captions `<key>_captions_<lang>`. */
export interface HowToVideo {
  key: string;
  title: string;
  text: string;
  src: string | null;
  captions: { lang: 'en' | 'es'; label: string; src: string }[];
}

const VIDEOS = [
  { key: 'video_member', title: 'Member video', text: 'How to choose a plan and enroll, step by step.' },
  { key: 'video_employer', title: 'Employer video', text: 'How your employees enroll through your group page.' },
];
const CAPTION_LANGS = [
  { lang: 'en' as const, label: 'English' },
  { lang: 'es' as const, label: 'Español' },
];

const localPath = (v: string | undefined) => v?.trim() || null;

export function howToVideos(settings: Record<string, string>): HowToVideo[] {
  return VIDEOS.map((v) => {
    const src = localPath(settings[v.key]);
    const captions = CAPTION_LANGS.flatMap((c) => {
      const s = localPath(settings[`${v.key}_captions_${c.lang}`]);
      return s ? [{ ...c, src: s }] : [];
    });
    return { ...v, src, captions: src ? captions : [] };
  });
}
