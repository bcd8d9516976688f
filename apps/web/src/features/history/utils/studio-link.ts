/** The studio opened on one of the user's sessions, to go on editing it (the studio reads `?session=`). */
export const studioLink = (sessionId: string) => `/app?session=${encodeURIComponent(sessionId)}`;
