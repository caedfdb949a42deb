"""The web table: every registered game in the browser, people and AI together (`warroom serve`)."""
