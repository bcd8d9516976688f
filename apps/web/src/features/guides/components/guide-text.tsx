import { parseGuideText } from '@stagecraft/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A guide's long text: paragraphs, numbered steps and bullet lists (the server's HTML reads the same blocks). */
export function GuideText({ text }: { text: string }) {
  return (
    <>
      {parseGuideText(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <Typography key={index} sx={{ mb: 2, lineHeight: 1.75 }}>
            {block.text}
          </Typography>
        ) : (
          <Box
            key={index}
            component={block.kind === 'numbered' ? 'ol' : 'ul'}
            sx={{ pl: 3, mb: 2, '& li': { mb: 1.25, lineHeight: 1.7 } }}
          >
            {block.items.map((item) => (
              <Typography component="li" key={item}>
                {item}
              </Typography>
            ))}
          </Box>
        ),
      )}
    </>
  );
}
