-- Each user's portal and email language (product rules §20): chosen in the portal, remembered here
-- so that emails sent while the user is away speak the same language.
ALTER TABLE app_user ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'so'));
