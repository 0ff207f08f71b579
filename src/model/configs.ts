/** The email triggers a first enable turns on: the standard comment triggers and the huddle triggers (D8). */
export const DEFAULT_EMAIL_TRIGGERS: Readonly<Record<string, boolean>> = {
  'comment_annotation.add': true,
  'comment.add': true,
  'comment_annotation.status_change': true,
  'comment_annotation.assign': true,
  'comment_annotation.priority_change': true,
  'huddle.create': true,
  'huddle.join': true,
};

/** The stored email config of a key that was never configured (service-facts 3.5). */
export function emptyEmailConfig(): { useEmailService: boolean; emailServiceConfig: Record<string, unknown> } {
  return {
    useEmailService: false,
    emailServiceConfig: { type: 'default', apiKey: '', fromEmail: '', fromCompany: '', commentTemplateId: '', tagTemplateId: '' },
  };
}

/** The stored webhook config of a key that was never configured (service-facts 3.7). */
export function emptyWebhookConfig(): { useWebhookService: boolean; webhookServiceConfig: Record<string, unknown> } {
  return { useWebhookService: false, webhookServiceConfig: { authToken: '', rawNotificationUrl: '', processedNotificationUrl: '' } };
}
