// The one header Kumiki takes from the system libcmark.
#include <cmark.h>
