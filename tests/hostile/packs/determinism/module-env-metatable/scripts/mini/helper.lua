--- A module with no return value: require gives its environment.
label = "helper"
