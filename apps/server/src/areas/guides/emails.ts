interface ConsultationDetails {
  id: number;
  name: string;
  email: string;
  message: string;
  roomName: string | null;
  guideUrl: string;
}

/** A name goes into a subject line: no line breaks, and not endless. */
const oneLine = (text: string, max = 80) => text.replace(/\s+/g, ' ').trim().slice(0, max);

export function consultationConfirmation(details: ConsultationDetails) {
  const about = details.roomName ? ` about ${details.roomName.toLowerCase()} staging` : '';
  return {
    subject: 'We received your staging consultation request',
    text: [
      `Hello ${oneLine(details.name)},`,
      '',
      `Thank you for your consultation request${about}. A staging expert will read it and reply to this address.`,
      '',
      details.message ? `What you told us:\n${details.message}\n` : 'You did not add a message; feel free to reply with photos or details of the room.\n',
      `The guide you were reading: ${details.guideUrl}`,
      '',
      'If you did not send this request, you can ignore this e-mail.',
      '',
      'Stagecraft',
    ].join('\n'),
  };
}

export function consultationStaffNotice(details: ConsultationDetails) {
  return {
    subject: `New staging consultation request${details.roomName ? `: ${details.roomName}` : ''} from ${oneLine(details.name, 60)}`,
    text: [
      `Consultation request #${details.id}`,
      '',
      `Name: ${oneLine(details.name, 200)}`,
      `E-mail: ${details.email}`,
      `Guide: ${details.roomName ?? '(none)'} ${details.guideUrl}`,
      '',
      'Message:',
      details.message || '(no message)',
      '',
      'Reply to the requester directly; the request is also stored in the staging_consultations table.',
    ].join('\n'),
  };
}
