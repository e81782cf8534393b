enum HUDWidgetsPlaceholder {}
